import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { AdminSettings, SettingsChange } from '../../shared/api/settings.ts';
import {
  defaultSettings,
  settingsMessages,
  type PlatformSettings,
} from '../../shared/rules/settings.ts';
import { buildApp } from '../app.ts';
import { connectDatabase } from '../db/client.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { withDatabase } from '../testing/database.global-setup.ts';
import {
  createAdmin,
  createUser,
  nextClientAddress,
  type TestAdmin,
  type TestUser,
} from '../testing/users.ts';

const CONTACT = 'care@sovereign.test';
let testApp: TestApp;
let admin: TestAdmin;
let learner: TestUser;
beforeAll(async () => {
  testApp = await buildTestApp({ CONTACT_EMAIL: CONTACT });
  admin = await createAdmin(testApp.app, testApp.db);
  learner = await createUser(testApp.app);
});
afterAll(() => testApp.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, cookie?: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });

const readAdminSettings = async () =>
  (await call('GET', '/api/admin/settings', admin.cookie)).json<AdminSettings>();

/** Saves as the admin from the version they last read; answers the response. */
const save = async (change: Partial<PlatformSettings>) => {
  const { version, maintenanceMode, maxUsers, features } = await readAdminSettings();
  return call('PUT', '/api/admin/settings', admin.cookie, {
    maintenanceMode,
    maxUsers,
    features,
    ...change,
    version,
  });
};

// Each test starts from the defaults; a save is refused only when nothing changes, so none is sent.
beforeEach(async () => {
  const { maintenanceMode, maxUsers, features } = await readAdminSettings();
  const current = { maintenanceMode, maxUsers, features };
  if (JSON.stringify(current) !== JSON.stringify(defaultSettings)) await save(defaultSettings);
});

describe('GET /api/settings', () => {
  it("tells any visitor's browser the spec's defaults: the site open and every feature on", async () => {
    const response = await call('GET', '/api/settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      maintenanceMode: false,
      features: { assessments: true, courses: true, aiGuidance: true },
    });
  });
});

describe('the admin settings routes', () => {
  it('shows an admin the settings, their version, and how many accounts there are', async () => {
    const settings = await readAdminSettings();
    expect(settings).toMatchObject({ ...defaultSettings, updatedBy: null });
    expect(settings.userCount).toBeGreaterThanOrEqual(2);
  });

  it('answers 401 without a session and 403 to a learner, and changes nothing', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/settings'],
      ['PUT', '/api/admin/settings'],
      ['GET', '/api/admin/settings/changes'],
    ] as const) {
      const body = { ...defaultSettings, maintenanceMode: true, version: 0 };
      expect((await call(method, url, undefined, body)).statusCode, url).toBe(401);
      expect((await call(method, url, learner.cookie, body)).statusCode, url).toBe(403);
    }
    expect((await call('GET', '/api/settings')).json().maintenanceMode).toBe(false);
  });

  it('answers 400 naming the field for a maximum below one or a missing switch', async () => {
    const zero = await save({ maxUsers: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.message).toMatch(/^maxUsers: maxUsers must be a whole number/);
    const { version } = await readAdminSettings();
    const missing = await call('PUT', '/api/admin/settings', admin.cookie, {
      maintenanceMode: false,
      maxUsers: 10,
      features: { assessments: true },
      version,
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields)).toContain('features.courses');
  });

  it('saves a change, records who changed which field from what to what, and moves the version on', async () => {
    const before = await readAdminSettings();
    const response = await save({
      maxUsers: 250,
      features: { ...defaultSettings.features, assessments: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminSettings>()).toMatchObject({
      maxUsers: 250,
      features: { assessments: false },
      version: before.version + 1,
      updatedBy: admin.email,
    });
    const { changes } = (await call('GET', '/api/admin/settings/changes', admin.cookie)).json<{
      changes: SettingsChange[];
    }>();
    expect(
      changes.slice(0, 2).map(({ field, from, to, changedBy }) => ({ field, from, to, changedBy })),
    ).toEqual(
      expect.arrayContaining([
        { field: 'Maximum users', from: '1000', to: '250', changedBy: admin.email },
        { field: 'Assessments', from: 'on', to: 'off', changedBy: admin.email },
      ]),
    );
  });

  it('refuses a save made from an older version with who saved since and when (409), never overwriting', async () => {
    const stale = await readAdminSettings();
    expect((await save({ maxUsers: 500 })).statusCode).toBe(200);
    const late = await call('PUT', '/api/admin/settings', admin.cookie, {
      ...defaultSettings,
      maxUsers: 900,
      version: stale.version,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(
      new RegExp(
        `^These settings were changed by ${admin.email} at \\w{3} \\d{1,2}, \\d{4}, \\d{2}:\\d{2} UTC`,
      ),
    );
    expect((await readAdminSettings()).maxUsers).toBe(500);
  });
});

describe('maintenance mode', () => {
  it('rests the site for visitors and learners: a calm page with the contact address, 503 with Retry-After on the API', async () => {
    expect((await save({ maintenanceMode: true })).statusCode).toBe(200);

    // At APP_URL's host: a page asked for at another host is first sent there.
    const page = await testApp.app.inject({ url: '/courses', headers: { host: 'localhost:3000' } });
    expect(page.statusCode).toBe(503);
    expect(page.headers['retry-after']).toBe('600');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(settingsMessages.maintenance);
    expect(page.body).toContain(`mailto:${CONTACT}`);

    const api = await call('GET', '/api/me/purchases', learner.cookie);
    expect(api.statusCode).toBe(503);
    expect(api.headers['retry-after']).toBe('600');
    expect(api.json().error).toEqual({
      code: 'unavailable',
      message: settingsMessages.maintenance,
    });
  });

  it('lets admins through, and keeps the health probe, signing in and the public settings open', async () => {
    expect((await save({ maintenanceMode: true })).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/users', admin.cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/me/purchases', admin.cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/health')).statusCode).toBe(200);
    expect((await call('GET', '/api/settings')).json().maintenanceMode).toBe(true);
    const signIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: nextClientAddress(),
      payload: { email: learner.email, password: 'Sovereign1' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('opens the site again when switched off', async () => {
    expect((await save({ maintenanceMode: true })).statusCode).toBe(200);
    expect((await save({ maintenanceMode: false })).statusCode).toBe(200);
    expect((await call('GET', '/api/me/purchases', learner.cookie)).statusCode).toBe(200);
  });
});

describe('the maximum number of users', () => {
  const signUp = () =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: nextClientAddress(),
      payload: {
        firstName: 'Nora',
        lastName: 'Late',
        email: `late-${Math.random().toString(36).slice(2, 10)}@example.com`,
        password: 'Sovereign1',
      },
    });

  it('refuses a sign-up once the site has that many accounts, with a clear message, and opens again when raised', async () => {
    const { userCount } = await readAdminSettings();
    expect((await save({ maxUsers: userCount })).statusCode).toBe(200);
    const refused = await signUp();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(settingsMessages.signUpClosed);
    expect((await readAdminSettings()).userCount).toBe(userCount);

    expect((await save({ maxUsers: userCount + 1 })).statusCode).toBe(200);
    expect((await signUp()).statusCode).toBe(200);
  });
});

describe('the feature switches', () => {
  const off = (name: keyof PlatformSettings['features']) => ({
    features: { ...defaultSettings.features, [name]: false },
  });

  it('assessments off: a submitted assessment is refused with why', async () => {
    expect((await save(off('assessments'))).statusCode).toBe(200);
    const response = await call('POST', '/api/assessments', undefined, {
      drawnToSovereignty: 'I am ready.',
      sovereigntyMeaning: 'Choosing.',
      takeResponsibility: 'yes',
      facingDiscomfort: 'sit-with',
      trueStatements: [],
      noLongerAvailable: '',
      greatestResistance: '',
      readinessScale: 8,
      additionalThoughts: '',
      name: 'Maya Stone',
      email: 'maya-off@example.com',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(settingsMessages.assessmentsOff);
  });

  it('courses off: no new checkout starts; the learner is told enrolment is closed', async () => {
    expect((await save(off('courses'))).statusCode).toBe(200);
    const response = await call('POST', '/api/create-checkout-session', learner.cookie, {
      lineItems: [{ price: 'energy-sovereignty', quantity: 1 }],
      customerEmail: learner.email,
      mode: 'payment',
      metadata: { isBundle: 'false' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(settingsMessages.coursesOff);
  });

  it('AI guidance off: the companion says so and keeps every word on the server', async () => {
    expect((await save(off('aiGuidance'))).statusCode).toBe(200);
    const settings = await call('GET', '/api/companion/settings', learner.cookie);
    expect(settings.json().mode).toBe('switched-off');
  });
});

describe('two app processes on one database', () => {
  it('serves a save made on one process from the other within seconds', async () => {
    const connection = connectDatabase(await databaseUrlOf(testApp));
    const other = await buildApp(testApp.app.config, connection);
    try {
      expect((await other.inject('/api/settings')).json().maintenanceMode).toBe(false);
      expect((await save({ maintenanceMode: true })).statusCode).toBe(200);
      await expect
        .poll(async () => (await other.inject('/api/settings')).json().maintenanceMode, {
          timeout: 5_000,
        })
        .toBe(true);
    } finally {
      await other.close();
      await connection.close();
    }
  });
});

async function databaseUrlOf(app: TestApp): Promise<string> {
  const { rows } = await app.pool.query<{ name: string }>('select current_database() as name');
  return withDatabase(inject('databaseServerUrl'), rows[0]!.name);
}
