import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserDetail } from '../../shared/api/admin.ts';
import { accountControlMessages, adminMessages } from '../../shared/rules/admin.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { confirmFreshSecondFactor } from '../testing/second-factor.ts';
import {
  TEST_PASSWORD,
  cookieHeader,
  createAdmin,
  createUser,
  nextClientAddress,
  turnOnTwoFactor,
  type TestAdmin,
} from '../testing/users.ts';
import { setRoleByEmail } from '../users/users.ts';

let testApp: TestApp;
let admin: TestAdmin;
beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await createAdmin(testApp.app, testApp.db);
  await confirmFreshSecondFactor(testApp.app, admin);
});
afterAll(() => testApp.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string) =>
  testApp.app.inject({ method, url, headers: cookie ? { cookie } : {} });

const signIn = (email: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: nextClientAddress(),
    payload: { email, password: TEST_PASSWORD },
  });

const isSignedIn = async (cookie: string) =>
  (await call('GET', '/api/session', cookie)).json().user !== null;

const detailOf = async (userId: string) =>
  (await call('GET', `/api/admin/users/${userId}`, admin.cookie)).json<AdminUserDetail>();

describe('an admin without two-factor sign-in', () => {
  it('is held to setting it up: every admin route answers 403 naming the fix, then opens', async () => {
    const operator = await createUser(testApp.app, { firstName: 'Olga', lastName: 'Operator' });
    await setRoleByEmail(testApp.db, operator.email, 'admin');
    const learner = await createUser(testApp.app);
    for (const url of [
      '/api/admin/users',
      `/api/admin/users/${learner.id}/reflections`,
      '/api/admin/assessments',
      `/api/companion/settings?userId=${learner.id}`,
    ]) {
      const refused = await call('GET', url, operator.cookie);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error.message, url).toBe(adminMessages.twoFactorRequired);
    }
    const session = (await call('GET', '/api/session', operator.cookie)).json();
    expect(session.user).toMatchObject({ role: 'admin', twoFactorEnabled: false });

    const { cookie } = await turnOnTwoFactor(testApp.app, operator);
    expect((await call('GET', '/api/admin/users', cookie)).statusCode).toBe(200);
  });
});

describe('DELETE /api/admin/users/:userId/sessions', () => {
  it("signs the user out on every device and records it in the user's access history", async () => {
    const learner = await createUser(testApp.app);
    const laptop = cookieHeader((await signIn(learner.email)).headers['set-cookie']);
    expect(await isSignedIn(learner.cookie)).toBe(true);

    const response = await call('DELETE', `/api/admin/users/${learner.id}/sessions`, admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(await isSignedIn(learner.cookie)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(false);
    expect((await detailOf(learner.id)).accountEvents).toEqual([
      { action: 'sessions-ended', actorEmail: admin.email, createdAt: expect.any(String) },
    ]);
    expect((await signIn(learner.email)).statusCode).toBe(200);
  });

  it('answers 400 for a blank id, 404 for nobody, 401 without a session, 403 for a learner', async () => {
    const learner = await createUser(testApp.app);
    const url = `/api/admin/users/${learner.id}/sessions`;
    expect((await call('DELETE', '/api/admin/users/%20/sessions', admin.cookie)).statusCode).toBe(
      400,
    );
    expect(
      (await call('DELETE', '/api/admin/users/nobody/sessions', admin.cookie)).statusCode,
    ).toBe(404);
    expect((await call('DELETE', url)).statusCode).toBe(401);
    const other = await createUser(testApp.app);
    expect((await call('DELETE', url, other.cookie)).statusCode).toBe(403);
    expect(await isSignedIn(learner.cookie)).toBe(true);
  });
});

describe('POST /api/admin/users/:userId/disable and /enable', () => {
  it('a disabled account is signed out and cannot sign in until enabled; both are recorded', async () => {
    const learner = await createUser(testApp.app);
    const disabled = await call('POST', `/api/admin/users/${learner.id}/disable`, admin.cookie);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await isSignedIn(learner.cookie)).toBe(false);
    const refused = await signIn(learner.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(accountControlMessages.accountDisabled);
    expect((await detailOf(learner.id)).disabledAt).toEqual(expect.any(String));

    const enabled = await call('POST', `/api/admin/users/${learner.id}/enable`, admin.cookie);
    expect(enabled.statusCode).toBe(200);
    expect((await signIn(learner.email)).statusCode).toBe(200);
    const detail = await detailOf(learner.id);
    expect(detail.disabledAt).toBeNull();
    expect(detail.accountEvents.map((event) => [event.action, event.actorEmail])).toEqual([
      ['enabled', admin.email],
      ['disabled', admin.email],
    ]);
  });

  it("appears in the user's own data export", async () => {
    const learner = await createUser(testApp.app);
    await call('POST', `/api/admin/users/${learner.id}/disable`, admin.cookie);
    await call('POST', `/api/admin/users/${learner.id}/enable`, admin.cookie);
    const cookie = cookieHeader((await signIn(learner.email)).headers['set-cookie']);
    const data = (await call('GET', '/api/account/export', cookie)).json();
    expect(data.accountEvents.map((event: { action: string }) => event.action)).toEqual([
      'enabled',
      'disabled',
    ]);
  });

  it('refuses to disable the admin themself, and answers 404, 401 and 403', async () => {
    const self = await call('POST', `/api/admin/users/${admin.id}/disable`, admin.cookie);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe(accountControlMessages.cannotDisableSelf);
    expect((await call('POST', '/api/admin/users/nobody/disable', admin.cookie)).statusCode).toBe(
      404,
    );
    const learner = await createUser(testApp.app);
    expect((await call('POST', `/api/admin/users/${learner.id}/disable`)).statusCode).toBe(401);
    const other = await createUser(testApp.app);
    const forbidden = await call('POST', `/api/admin/users/${learner.id}/disable`, other.cookie);
    expect(forbidden.statusCode).toBe(403);
    expect((await signIn(learner.email)).statusCode).toBe(200);
  });
});
