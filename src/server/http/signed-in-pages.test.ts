import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createEnrolledLearner, createUser, type TestUser } from '../testing/users.ts';

/**
 * A build with a stand-in for the pages' server bundle: it renders what the API answered it, as
 * the learner whose request it is, so what matters here shows: who gets a rendered page, with
 * whose data, and who gets the empty shell.
 */
let distDir: string;
let testApp: TestApp;
let learner: TestUser;
let stranger: TestUser;

const lessonApi =
  '/api/learning/courses/energy-sovereignty/modules/reclaiming-your-field/lessons/what-energy-sovereignty-means';
const lessonPage = lessonApi.replace('/api/learning', '');
const shell = '<html><body><div id="root"></div></body></html>';

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'sf-dist-'));
  await mkdir(path.join(distDir, 'web'), { recursive: true });
  await mkdir(path.join(distDir, 'prerender'));
  await writeFile(path.join(distDir, 'web/index.html'), shell);
  await writeFile(
    path.join(distDir, 'prerender/prerender.js'),
    `export async function renderSignedInPage(url, answerOf) {
       const page = url.startsWith('/dashboard') ? '/api/dashboard'
         : url.startsWith('/courses/') ? '/api/learning' + url : null;
       if (!page) return null;
       const [session, data] = await Promise.all([answerOf('/api/session'), answerOf(page)]);
       if (!session?.user || data === undefined) return null;
       const title = data.lesson ? data.lesson.title : data.courses.map((course) => course.title).join(', ');
       return { body: '<div id="root">' + session.user.firstName + ': ' + title + '</div>' };
     }`,
  );
  testApp = await buildTestApp(
    { APP_URL: 'http://localhost' },
    { webDir: path.join(distDir, 'web') },
  );
  learner = await createEnrolledLearner(testApp.app, testApp.db);
  stranger = await createUser(testApp.app, { firstName: 'Ada' });
});
afterAll(async () => {
  await testApp.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('the signed-in pages rendered for their learner', () => {
  it("renders the dashboard with the learner's own data, and never stores it", async () => {
    const answer = await testApp.as(learner).get('/dashboard');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toContain('<div id="root">Test: Energy Sovereignty');
  });

  it('renders a lesson for a learner with access, and leaves it to the browser for one without', async () => {
    expect((await testApp.as(learner).get(lessonPage)).body).toContain(
      'Test: What Energy Sovereignty Means',
    );
    const refused = await testApp.as(stranger).get(lessonPage);
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toBe(shell);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('leaves a lesson address the API refuses to the browser, which says why', async () => {
    const badAddress = '/courses/energy-sovereignty/modules/not%20an%20id/lessons/x';
    expect((await testApp.as(learner).get(badAddress)).body).toBe(shell);
  });

  it('sends the empty shell to a visitor, and to a cookie that names no session', async () => {
    expect((await testApp.as(undefined).get('/dashboard')).body).toBe(shell);
    const stale = { cookie: 'better-auth.session_token=gone.forged' };
    expect((await testApp.as(stale).get('/dashboard')).body).toBe(shell);
  });

  it('leaves every other page of the shell to the browser', async () => {
    expect((await testApp.as(learner).get('/settings')).body).toBe(shell);
  });
});
