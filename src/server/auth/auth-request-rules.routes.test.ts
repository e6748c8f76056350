import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../shared/rules/auth.ts';
import { users } from '../db/schema/auth.ts';
import { FRAGMENT_MESSAGE } from '../http/refuse-url-fragments.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { sendRawRequest } from '../testing/raw-request.ts';
import { createUser, nextClientAddress, TEST_PASSWORD, type TestUser } from '../testing/users.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

const post = (url: string, payload: object, user?: TestUser) =>
  testApp.app.inject({
    method: 'POST',
    url,
    payload,
    headers: user ? { cookie: user.cookie } : {},
    remoteAddress: nextClientAddress(),
  });

const namesOf = async (user: TestUser) => {
  const [row] = await testApp.db
    .select({ name: users.name, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, user.id));
  return row;
};

/** A request as a raw socket sends it: light-my-request and curl would drop the fragment. */
describe('a #fragment in the URL', () => {
  it('is refused at the edge, so it reaches no endpoint', async () => {
    const email = 'fragment@example.com';
    const signUp = await sendRawRequest(testApp.app, {
      method: 'POST',
      target: '/api/auth/sign-up/email#x',
      body: { firstName: 'F'.repeat(5000), lastName: 'L', email, password: 'password' },
    });
    expect(signUp.statusCode).toBe(400);
    expect(JSON.parse(signUp.body).error.message).toBe(FRAGMENT_MESSAGE);
    expect(await testApp.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    const confirmation = await sendRawRequest(testApp.app, {
      method: 'POST',
      target: '/api/auth/send-verification-email#x',
      body: { email },
    });
    expect(confirmation.statusCode).toBe(400);
  });
});

/**
 * Every endpoint Better Auth exposes, by what it may write. An endpoint that writes a user field
 * has probes that its rules must refuse (or that show it closed); a new endpoint (a plugin, an
 * upgrade) fails the first test until it is placed here.
 */
type Probe = { payload: object; status: number; message?: string };
const userFieldWriters: Record<string, Probe[]> = {
  '/sign-up/email': [
    {
      payload: {
        firstName: 'F'.repeat(5000),
        lastName: 'L',
        email: 'a@example.com',
        password: 'Abcdefg1',
      },
      status: 400,
      message: authMessages.firstNameTooLong,
    },
    {
      payload: {
        firstName: 'F',
        lastName: 'L\nBcc: evil@example.com',
        email: 'b@example.com',
        password: 'Abcdefg1',
      },
      status: 400,
      message: authMessages.nameHasHiddenCharacters,
    },
    {
      payload: { firstName: 'F', lastName: 'L', email: 'c@example.com', password: 'lowercaseonly' },
      status: 400,
      message: authMessages.passwordTooWeak,
    },
  ],
  '/update-user': [
    {
      payload: { firstName: `<svg>${'F'.repeat(15000)}` },
      status: 400,
      message: authMessages.firstNameTooLong,
    },
    {
      payload: { lastName: 'L\nBcc: evil@example.com' },
      status: 400,
      message: authMessages.nameHasHiddenCharacters,
    },
    {
      payload: { firstName: 'Admin\u202e\u200bnimdA' },
      status: 400,
      message: authMessages.nameHasHiddenCharacters,
    },
    { payload: { firstName: '' }, status: 400, message: authMessages.firstNameRequired },
    { payload: { name: 'N'.repeat(201) }, status: 400 },
    { payload: { image: 'https://evil.example/x.png' }, status: 400 },
  ],
  '/change-password': [
    {
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'lowercaseonly' },
      status: 400,
      message: authMessages.passwordTooWeak,
    },
    {
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Password1' },
      status: 400,
      message: authMessages.passwordTooCommon,
    },
  ],
  '/reset-password': [
    {
      payload: { token: 'any', newPassword: 'password' },
      status: 400,
      message: authMessages.passwordTooWeak,
    },
    {
      payload: { token: 'any', newPassword: 'Password1' },
      status: 400,
      message: authMessages.passwordTooCommon,
    },
  ],
  '/two-factor/enable': [{ payload: { password: 'x'.repeat(200) }, status: 400 }],
  '/two-factor/disable': [{ payload: { password: 'x'.repeat(200) }, status: 400 }],
  // Closed: the address changes only through support, an account is deleted through the app.
  '/change-email': [{ payload: { newEmail: 'new@example.com' }, status: 400 }],
  '/delete-user': [{ payload: {}, status: 404 }],
  // No social or OAuth provider is configured.
  '/sign-in/social': [{ payload: { provider: 'google' }, status: 404 }],
  '/link-social': [{ payload: { provider: 'google' }, status: 404 }],
  '/unlink-account': [{ payload: { providerId: 'credential' }, status: 400 }],
};

/** Endpoints that read, end sessions, or change a field only with a secret the owner was sent. */
const otherEndpoints = [
  '/account-info',
  '/callback/:id',
  '/delete-user/callback',
  '/error',
  '/get-access-token',
  '/get-session',
  '/list-accounts',
  '/list-sessions',
  '/ok',
  '/refresh-token',
  '/request-password-reset',
  '/reset-password/:token',
  '/revoke-other-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/send-verification-email',
  '/sign-in/email',
  '/sign-out',
  '/two-factor/generate-backup-codes',
  '/two-factor/get-totp-uri',
  '/two-factor/send-otp',
  '/two-factor/verify-backup-code',
  '/two-factor/verify-otp',
  '/two-factor/verify-totp',
  '/update-session',
  '/verify-email',
  '/verify-password',
];

describe("Better Auth's endpoints that write a user field", () => {
  it('are all listed here, with every other endpoint', () => {
    const paths = Object.values(testApp.app.auth.api)
      .map((endpoint) => (endpoint as { path?: string }).path)
      .filter((path): path is string => Boolean(path));
    expect([...new Set(paths)].sort()).toEqual(
      [...Object.keys(userFieldWriters), ...otherEndpoints].sort(),
    );
  });

  it.each(Object.entries(userFieldWriters))(
    '%s applies the shared rules or is closed, and writes nothing it refuses',
    async (path, probes) => {
      const learner = await createUser(testApp.app, { firstName: 'Maya', lastName: 'Stone' });
      const before = await namesOf(learner);
      for (const probe of probes) {
        const response = await post(`/api/auth${path}`, probe.payload, learner);
        const label = `${path} ${JSON.stringify(probe.payload).slice(0, 80)}`;
        expect(response.statusCode, label).toBe(probe.status);
        if (probe.message) expect(response.json().error.message, label).toBe(probe.message);
      }
      expect(await namesOf(learner)).toEqual(before);
      expect(
        (await post('/api/auth/sign-in/email', { email: learner.email, password: TEST_PASSWORD }))
          .statusCode,
      ).toBe(200);
    },
  );

  it.each([
    '/update-user',
    '/change-password',
    '/verify-password',
    '/two-factor/enable',
    '/two-factor/disable',
    '/two-factor/generate-backup-codes',
    '/two-factor/get-totp-uri',
    '/send-verification-email',
  ])('%s tells a visitor to sign in before anything about the body', async (path) => {
    const response = await post(`/api/auth${path}`, { firstName: '', password: '' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthorized');
  });

  it('update-user still saves a valid name, trimmed', async () => {
    const learner = await createUser(testApp.app);
    const response = await post(
      '/api/auth/update-user',
      { name: ' Ana Reyes ', firstName: ' Ana ', lastName: 'Reyes' },
      learner,
    );
    expect(response.statusCode).toBe(200);
    expect(await namesOf(learner)).toEqual({
      name: 'Ana Reyes',
      firstName: 'Ana',
      lastName: 'Reyes',
    });
  });
});
