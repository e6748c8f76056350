import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createAdmin, createUser, type TestUser } from '../testing/users.ts';

let clockApp: TestApp;
let plainApp: TestApp;
let admin: TestUser;
let learner: TestUser;
const ticks: Date[] = [];

beforeAll(async () => {
  [clockApp, plainApp] = await Promise.all([buildTestApp({ TEST_CLOCK: 'on' }), buildTestApp()]);
  admin = await createAdmin(clockApp.app, clockApp.db);
  learner = await createUser(clockApp.app);
});
afterAll(async () => {
  await Promise.all([clockApp.close(), plainApp.close()]);
});

const tick = (testApp: TestApp, user: TestUser | undefined, payload: object) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/admin/test-clock/tick',
    headers: user ? { cookie: user.cookie } : {},
    payload,
  });

describe('the movable clock of the end-to-end journeys', () => {
  it("runs one tick of the clock at the admin's moment", async () => {
    // Registered after the app's own tasks, so it sees the moment each of them saw.
    clockApp.app.clock.onTick('seen by the test', async (now) => {
      ticks.push(now);
    });
    const response = await tick(clockApp, admin, { now: '2027-03-01T10:00:00Z' });
    expect(response.statusCode).toBe(200);
    expect(ticks.map((moment) => moment.toISOString())).toContain('2027-03-01T10:00:00.000Z');

    // Named tasks only: the others keep their own time.
    const only = await tick(clockApp, admin, {
      now: '2027-04-01T10:00:00Z',
      tasks: ['payment plan instalments'],
    });
    expect(only.statusCode).toBe(200);
    expect(ticks.map((moment) => moment.toISOString())).not.toContain('2027-04-01T10:00:00.000Z');
  });

  it('answers 400 naming the field for a moment that is no date', async () => {
    const response = await tick(clockApp, admin, { now: 'next tuesday' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('now must be a date and time');
    expect((await tick(clockApp, admin, { now: 'x'.repeat(41) })).statusCode).toBe(400);
    const badTasks = await tick(clockApp, admin, { now: '2027-03-01T10:00:00Z', tasks: 'all' });
    expect(badTasks.statusCode).toBe(400);
    expect(badTasks.json().error.message).toContain('tasks');
  });

  it('answers 401 signed out and 403 to a learner', async () => {
    expect((await tick(clockApp, undefined, { now: '2027-03-01T10:00:00Z' })).statusCode).toBe(401);
    expect((await tick(clockApp, learner, { now: '2027-03-01T10:00:00Z' })).statusCode).toBe(403);
  });

  it('does not exist without TEST_CLOCK=on (which production refuses to start with)', async () => {
    const plainAdmin = await createAdmin(plainApp.app, plainApp.db);
    const response = await tick(plainApp, plainAdmin, { now: '2027-03-01T10:00:00Z' });
    expect(response.statusCode).toBe(404);
  });
});
