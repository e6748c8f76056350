import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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
const page = (name: string) => readFile(path.join(distDir, 'web/prerendered', name), 'utf8');

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
       if (course) return { body: url + ': ' + course.title, title: course.title };
       return { body: url + ': ' + data.catalogue.courses.map((course) => course.title).join(', ') };
     }`,
  );
  testApp = await buildTestApp({}, { webDir: path.join(distDir, 'web') });
  admin = await createAdmin(testApp.app, testApp.db);
});
afterAll(async () => {
  await testApp.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('the public pages on a publish', () => {
  it('renders /, /courses and /shop again with the published titles, in the shell', async () => {
    await expect.poll(() => page('home.html').catch(() => '')).toContain('/: ');
    const url = '/api/admin/content/courses/dragons-clarity';
    const { draft, version } = (await testApp.as(admin).get(url)).json<CourseDraft>();
    await testApp.as(admin).put(url, { version, draft: { ...draft, title: "The Dragon's Sight" } });
    await testApp.as(admin).post(`${url}/publish`, { version: version + 1 });
    await expect.poll(() => page('courses.html')).toContain("The Dragon's Sight");
    expect(await page('shop.html')).toMatch(/^<main>\/shop: .*The Dragon's Sight.*<\/main>$/);
    expect(await page('home.html')).toContain("/: ");
    expect(await page('course-dragons-clarity.html')).toBe(
      "<main>/courses/dragons-clarity: The Dragon's Sight</main>",
    );
  });

});
