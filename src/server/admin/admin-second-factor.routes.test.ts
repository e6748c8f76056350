import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactorMessages } from '../../shared/api/account.ts';
import {
  SECOND_FACTOR_NEEDED,
  secondFactorMessages,
  type SecondFactorConfirmed,
} from '../../shared/api/admin.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { setSecondFactorCheckedAgo } from '../testing/second-factor.ts';
import { totpCodeFor } from '../testing/totp.ts';
import { createAdmin, createUser, type TestAdmin, type TestUser } from '../testing/users.ts';

let testApp: TestApp;
let admin: TestAdmin;
let learner: TestUser;
beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await createAdmin(testApp.app, testApp.db);
  learner = await createUser(testApp.app);
});
afterAll(() => testApp.close());

const confirm = (code: string, user?: TestUser) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/admin/second-factor',
    headers: user ? { cookie: user.cookie } : {},
    payload: { code },
  });
const disable = (userId: string) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/disable`,
    headers: { cookie: admin.cookie },
  });

describe('POST /api/admin/second-factor (T4-L6)', () => {
  it('asks for a code before a sensitive action, lets it through once confirmed, and again after 10 minutes', async () => {
    const target = await createUser(testApp.app);
    const refused = await disable(target.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: SECOND_FACTOR_NEEDED,
      message: secondFactorMessages.needed,
    });

    // createAdmin's sign-in used this step's code: the authenticator's next one.
    const confirmed = await confirm(totpCodeFor(admin.totpURI, Date.now() + 30_000), admin);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { freshUntil } = confirmed.json<SecondFactorConfirmed>();
    expect(Date.parse(freshUntil) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect((await disable(target.id)).statusCode).toBe(200);

    await setSecondFactorCheckedAgo(testApp.db, admin.id, 11);
    const stale = await disable(target.id);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe(SECOND_FACTOR_NEEDED);
  });

  it('refuses a malformed, wrong or used code with the reason', async () => {
    const malformed = await confirm('12ab', admin);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ code: twoFactorMessages.codeInvalid });
    const wrong = await confirm(totpCodeFor(admin.totpURI, Date.now() - 10 * 60_000), admin);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(twoFactorMessages.codeInvalid);
    const used = await confirm(totpCodeFor(admin.totpURI), admin);
    expect(used.statusCode).toBe(400);
    expect(used.json().error.message).toBe(twoFactorMessages.codeUsed);
  });

  it('counts only wrong codes towards its limit of 10 in 15 minutes: an admin at work is never stopped', async () => {
    const working = await createAdmin(testApp.app, testApp.db);
    const right = await confirm(totpCodeFor(working.totpURI, Date.now() + 30_000), working);
    expect(right.statusCode).toBe(200);
    const wrongCode = totpCodeFor(working.totpURI, Date.now() - 10 * 60_000);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await confirm(wrongCode, working)).statusCode).toBe(400);
    }
    const eleventh = await confirm(wrongCode, working);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error.message).toBe('Too many codes. Please wait 15 minutes.');
  });

  it('is for admins only', async () => {
    expect((await confirm('123456')).statusCode).toBe(401);
    expect((await confirm('123456', learner)).statusCode).toBe(403);
  });
});
