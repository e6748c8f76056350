import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSystemPrompts } from '../../shared/api/companion.ts';
import type { ContentChange, CourseDraft, PublishedVersion } from '../../shared/api/content.ts';
import type { AdminSettings, SettingsChange } from '../../shared/api/settings.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import {
  createAdmin,
  createUser,
  TEST_PASSWORD,
  type TestAdmin,
  type TestUser,
} from '../testing/users.ts';

let testApp: TestApp;
let admin: TestAdmin;
let learner: TestUser;
beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await createAdmin(testApp.app, testApp.db);
  learner = await createUser(testApp.app);
});
afterAll(() => testApp.close());

const DELETED_ADMIN = 'a deleted admin account';
const courses = '/api/admin/content/courses';
const aLesson = {
  id: 'arrive',
  title: 'Arrive',
  description: 'What this lesson is about.',
  type: 'practice' as const,
  duration: 600,
  content: '# Begin\n\nBreathe in, breathe out.',
  reflectionPrompts: [{ id: 'first-thought', question: 'What do you notice?', isRequired: true }],
};

/** Every table of the app whose rows, read as text, contain `needle`. */
async function tablesNaming(needle: string): Promise<string[]> {
  const { rows } = await testApp.pool.query<{ table_name: string }>(
    `select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const naming: string[] = [];
  for (const { table_name } of rows) {
    const found = await testApp.db.execute(
      sql`select 1 from ${sql.identifier(table_name)} as row where row::text like ${`%${needle}%`} limit 1`,
    );
    if (found.rows.length > 0) naming.push(table_name);
  }
  return naming;
}

describe('an admin who edited the settings, the AI prompts and the programme deletes their account', () => {
  it('leaves every edit and read on record, and names them nowhere', async () => {
    const departing = await createAdmin(testApp.app, testApp.db);
    const as = testApp.as(departing);

    const settings = (await as.get('/api/admin/settings')).json<AdminSettings>();
    const savedSettings = await as.put('/api/admin/settings', {
      maintenanceMode: settings.maintenanceMode,
      maxUsers: 321,
      features: settings.features,
      version: settings.version,
    });
    expect(savedSettings.statusCode, savedSettings.body).toBe(200);

    const prompts = (await as.get('/api/admin/companion/prompts')).json<AdminSystemPrompts>();
    const general = prompts.prompts.find((prompt) => prompt.kind === 'general')!;
    const savedPrompt = await as.put('/api/admin/companion/prompts/general', {
      version: general.version,
      text: 'You are a kind guide. Answer briefly.',
    });
    expect(savedPrompt.statusCode, savedPrompt.body).toBe(200);

    const created = await as.post(courses, { id: 'last-light', title: 'Last Light' });
    expect(created.statusCode, created.body).toBe(201);
    const { draft, version } = created.json<CourseDraft>();
    const saved = await as.put(`${courses}/last-light`, {
      version,
      draft: {
        ...draft,
        description: 'Written before leaving.',
        overview: 'Welcome.',
        comingSoon: false,
        priceCents: 4_900,
        modules: [{ id: 'opening', title: 'Opening', description: 'Begin.', lessons: [aLesson] }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await as.post(`${courses}/last-light/publish`, {
      version: saved.json<CourseDraft>().version,
    });
    expect(published.statusCode, published.body).toBe(200);
    const picture = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/pictures',
      headers: { 'content-type': 'image/png', cookie: departing.cookie },
      payload: readFileSync('tests/support/media/course-picture.png'),
    });
    expect(picture.statusCode, picture.body).toBe(201);

    expect((await as.get(`/api/admin/users/${learner.id}/reflections`)).statusCode).toBe(200);
    expect((await as.delete(`/api/admin/users/${learner.id}/sessions`)).statusCode).toBe(200);
    expect(await tablesNaming(departing.email)).toEqual(
      expect.arrayContaining([
        'platform_settings',
        'settings_changes',
        'companion_system_prompts',
        'companion_prompt_changes',
        'course_drafts',
        'course_versions',
        'content_changes',
        'content_pictures',
        'reflection_reads',
        'account_events',
      ]),
    );

    const deleted = await as.post('/api/account/delete', { password: TEST_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);

    expect(await tablesNaming(departing.email)).toEqual([]);
    expect(await tablesNaming(departing.id)).toEqual([]);

    const asAdmin = testApp.as(admin);
    const afterSettings = (await asAdmin.get('/api/admin/settings')).json<AdminSettings>();
    expect(afterSettings).toMatchObject({ maxUsers: 321, updatedBy: DELETED_ADMIN });
    const { changes: settingsChanges } = (await asAdmin.get('/api/admin/settings/changes')).json<{
      changes: SettingsChange[];
    }>();
    expect(settingsChanges.map((change) => change.changedBy)).toEqual([DELETED_ADMIN]);

    const afterPrompts = (
      await asAdmin.get('/api/admin/companion/prompts')
    ).json<AdminSystemPrompts>();
    expect(afterPrompts.prompts.find((prompt) => prompt.kind === 'general')).toMatchObject({
      text: 'You are a kind guide. Answer briefly.',
      updatedBy: DELETED_ADMIN,
    });
    expect(afterPrompts.changes.map((change) => change.changedBy)).toEqual([DELETED_ADMIN]);

    expect((await asAdmin.get(`${courses}/last-light`)).json<CourseDraft>().updatedBy).toBe(
      DELETED_ADMIN,
    );
    const { versions } = (await asAdmin.get(`${courses}/last-light/versions`)).json<{
      versions: PublishedVersion[];
    }>();
    expect(versions.map((entry) => entry.publishedBy)).toEqual([DELETED_ADMIN]);
    const { changes: contentChanges } = (await asAdmin.get('/api/admin/content/changes')).json<{
      changes: ContentChange[];
    }>();
    expect(
      contentChanges
        .filter((change) => change.courseId === 'last-light')
        .map((change) => change.changedBy),
    ).toEqual([DELETED_ADMIN, DELETED_ADMIN, DELETED_ADMIN]);
  });
});
