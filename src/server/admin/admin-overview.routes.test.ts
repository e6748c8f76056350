import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostics, Overview } from '../../shared/api/admin.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createAdmin, createUser, nextClientAddress, type TestUser } from '../testing/users.ts';
import { lastWeekStarts, OVERVIEW_WEEKS } from './get-overview.ts';

let testApp: TestApp;
let admin: TestUser;
beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await createAdmin(testApp.app, testApp.db);
});
afterAll(() => testApp.close());

const get = (url: string, user?: TestUser) => testApp.as(user).get(url);

describe('GET /api/admin/overview', () => {
  it('counts users, purchases, assessments and subscribers, with sign-ups per week', async () => {
    await createUser(testApp.app);
    await testApp.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      remoteAddress: nextClientAddress(),
      payload: { email: 'overview@example.com' },
    });
    const response = await get('/api/admin/overview', admin);
    expect(response.statusCode).toBe(200);
    const overview = response.json<Overview>();
    expect(overview.counts).toEqual({
      users: 2,
      purchases: 0,
      revenueCents: 0,
      assessments: 0,
      unansweredAssessments: 0,
      newInboxItems: 0,
      subscribers: 1,
    });
    expect(overview.weeks).toHaveLength(OVERVIEW_WEEKS);
    expect(overview.weeks.at(-1)).toMatchObject({ signUps: 2, purchases: 0 });
  });

  it('lists what is not ready to sell, and ticks sessions once hours and a link are saved', async () => {
    const readiness = async () =>
      Object.fromEntries(
        (await get('/api/admin/overview', admin))
          .json<Overview>()
          .goLive.map(({ item, isReady }) => [item, isReady]),
      );
    // The test app: payment test mode, mail kept in the Outbox, no contact address or helpline number.
    expect(await readiness()).toEqual({
      payments: false,
      mail: false,
      contactEmail: false,
      helplinePhone: false,
      sessions: false,
    });
    const saved = await testApp.as(admin).put('/api/admin/sessions/availability', {
      weeklyHours: [{ weekday: 2, start: '10:00', end: '12:00' }],
      blocks: [],
      sessionMinutes: 60,
      bufferMinutes: 15,
      noticeHours: 24,
      horizonDays: 60,
      rescheduleCutoffHours: 24,
      defaultMeetingUrl: 'https://meet.example.com/creator',
    });
    expect(saved.statusCode).toBe(200);
    expect((await readiness()).sessions).toBe(true);
  });

  it('answers 401 without a session and 403 for a learner', async () => {
    const learner = await createUser(testApp.app);
    for (const url of ['/api/admin/overview', '/api/admin/diagnostics']) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, learner)).statusCode).toBe(403);
    }
  });
});

describe('lastWeekStarts', () => {
  it('ends with the Monday of this week', () => {
    expect(lastWeekStarts(new Date('2026-11-22T23:00:00Z'), 3)).toEqual([
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
    ]);
    expect(lastWeekStarts(new Date('2026-11-23T01:00:00Z'), 1)).toEqual(['2026-11-23']);
  });
});

describe('GET /api/admin/diagnostics', () => {
  it('shows the database version and the migrations applied, by name', async () => {
    const response = await get('/api/admin/diagnostics', admin);
    expect(response.statusCode).toBe(200);
    const diagnostics = response.json<Diagnostics>();
    expect(diagnostics.database).toEqual({
      status: 'up',
      version: expect.stringContaining('PostgreSQL'),
    });
    expect(diagnostics.migrations[0]?.name).toBe('0000_foundation');
    expect(diagnostics.migrations.map((migration) => migration.name)).toContain('0007_admin');
  });
});
