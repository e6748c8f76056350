import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDraft } from '../../shared/api/content.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createAdmin, type TestAdmin } from '../testing/users.ts';

/**
 * A build as `npm run build` leaves it, with a stand-in for the pages' server bundle that writes
 * the course titles it was given: what matters here is when the server renders, and with what.
 */
let distDir: string;
let testApp: TestApp;
let admin: TestAdmin;
const page = async (url: string) => (await testApp.as(undefined).get(url)).body;

/** Every file under the build, with its content: what a read-only install would keep. */
async function buildFiles(): Promise<Record<string, string>> {
  const files = await readdir(distDir, { recursive: true, withFileTypes: true });
  const contents: Record<string, string> = {};
  for (const file of files.filter((entry) => entry.isFile())) {
    const name = path.join(file.parentPath, file.name);
    contents[name] = await readFile(name, 'utf8');
  }
  return contents;
}

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'sf-dist-'));
  await mkdir(path.join(distDir, 'web/prerendered'), { recursive: true });
  await mkdir(path.join(distDir, 'prerender'));
  await writeFile(path.join(distDir, 'web/index.html'), '<div id="root"></div>');
  await writeFile(path.join(distDir, 'prerender/shell.html'), '<main><div id="root"></div></main>');
  await writeFile(
    path.join(distDir, 'prerender/prerender.js'),
    `export async function renderPage(url, data) {
       const course = data.courses.find((outline) => url === '/courses/' + outline.id);
       if (course) return { body: url + ': ' + course.title + ' at ' + data.siteUrl, title: course.title };
       const contact = data.contact.contactEmail ? ' (' + data.contact.contactEmail + ')' : '';
       return { body: url + ': ' + data.catalogue.courses.map((course) => course.title).join(', ') + contact };
     }`,
  );
  for (const name of ['home', 'courses', 'shop']) {
    await writeFile(path.join(distDir, `web/prerendered/${name}.html`), 'as built');
  }
  testApp = await buildTestApp({ APP_URL: 'http://localhost' }, { webDir: path.join(distDir, 'web') });
  admin = await createAdmin(testApp.app, testApp.db);
});
afterAll(async () => {
  await testApp.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('the public pages on a publish', () => {
  it('renders /, /courses, /shop and each course page again with the published titles, in the shell, never into the build', async () => {
    const build = await buildFiles();
    await expect.poll(() => page('/')).toContain('/: ');
    const url = '/api/admin/content/courses/dragons-clarity';
    const { draft, version } = (await testApp.as(admin).get(url)).json<CourseDraft>();
    await testApp.as(admin).put(url, { version, draft: { ...draft, title: "The Dragon's Sight" } });
    await testApp.as(admin).post(`${url}/publish`, { version: version + 1 });
    // The pages are written one after another, each whole: each is polled on its own.
    await expect.poll(() => page('/courses')).toContain("The Dragon's Sight");
    await expect.poll(() => page('/shop')).toMatch(/^<main>\/shop: .*The Dragon's Sight.*<\/main>$/);
    expect(await page('/')).toContain('/: ');
    await expect
      .poll(() => page('/courses/dragons-clarity'))
      .toBe("<main>/courses/dragons-clarity: The Dragon's Sight at http://localhost</main>");
    expect(await buildFiles()).toEqual(build);
    const dataDir = testApp.app.config.dataDir;
    expect(await readFile(path.join(dataDir, 'public-pages/courses.html'), 'utf8')).toContain(
      "The Dragon's Sight",
    );
  });

  it('renders the operator’s contact address into the pages, so that they do not grow by it as they load', async () => {
    expect(await page('/')).not.toContain('(');
    const withContact = await buildTestApp(
      { APP_URL: 'http://localhost', CONTACT_EMAIL: 'care@rendered.example' },
      { webDir: path.join(distDir, 'web') },
    );
    try {
      const home = async () => (await withContact.as(undefined).get('/')).body;
      await expect.poll(home).toMatch(/^<main>\/: .*\(care@rendered\.example\)<\/main>$/);
    } finally {
      await withContact.close();
    }
  });
});
