import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Billing,
  Device,
  Profile,
  Settings,
  TwoFactorSetup,
} from '../../shared/api/account.ts';
import { twoFactorMessages } from '../../shared/api/account.ts';
import {
  accountMessages,
  addressDataCoverage,
  defaultNotificationPreferences,
} from '../../shared/rules/account.ts';
import { authMessages } from '../../shared/rules/auth.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { waitForMailTo } from '../testing/mail.ts';
import { totpCodeFor } from '../testing/totp.ts';
import { refundRequestRateLimit } from './billing.ts';
import { userDataTables } from './user-data-tables.ts';
import {
  TEST_PASSWORD,
  cookieHeader,
  createEnrolledLearner,
  createUser,
  nextClientAddress,
  type TestUser,
} from '../testing/users.ts';
import { formatDate } from '../../shared/rules/dates.ts';

const CONTACT = 'care@sovereign.example';
const YOUTUBE = 'https://video.example/@our-circle';
let testApp: TestApp;
let noContactApp: TestApp;
beforeAll(async () => {
  [testApp, noContactApp] = await Promise.all([
    buildTestApp({ CONTACT_EMAIL: CONTACT, SOCIAL_YOUTUBE_URL: YOUTUBE }),
    buildTestApp(),
  ]);
});
afterAll(() => Promise.all([testApp.close(), noContactApp.close()]));

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, user?: { cookie: string }, payload?: object) =>
  testApp.app.inject({
    method,
    url,
    headers: user ? { cookie: user.cookie } : {},
    ...(payload ? { payload } : {}),
  });

const signIn = async (email: string, password = TEST_PASSWORD) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: nextClientAddress(),
    payload: { email, password },
  });

const lesson = {
  courseId: 'energy-sovereignty',
  moduleId: 'reclaiming-your-field',
  lessonId: 'what-energy-sovereignty-means',
};
const REFLECTION = 'My private reflection on sovereignty, long enough to complete. '.repeat(2);

async function writeReflection(user: TestUser) {
  const response = await call('PUT' as Method, '/api/learning/reflections', user, {
    ...lesson,
    promptId: 'most-sovereign-moment',
    response: REFLECTION,
  });
  expect(response.statusCode).toBe(200);
}

async function buyInTestMode(user: TestUser, courseId = 'energy-sovereignty') {
  const started = await call('POST', '/api/create-checkout-session', user, {
    lineItems: [{ price: courseId, quantity: 1 }],
    customerEmail: user.email,
    metadata: { isBundle: 'false', customerName: 'Maya Stone', message: 'Looking forward' },
  });
  const { id } = started.json<{ id: string }>();
  await call('POST', `/api/checkout/test-sessions/${id}/pay`, user, {});
  return id;
}

describe('every account route', () => {
  it.each([
    ['GET', '/api/account/profile'],
    ['PATCH', '/api/account/profile'],
    ['GET', '/api/account/settings'],
    ['PATCH', '/api/account/settings'],
    ['POST', '/api/account/password'],
    ['GET', '/api/account/devices'],
    ['DELETE', '/api/account/devices/some-id'],
    ['GET', '/api/account/export'],
    ['POST', '/api/account/delete'],
    ['GET', '/api/account/billing'],
    ['POST', '/api/account/refund-requests'],
  ] as const)('%s %s answers 401 without a session', async (method, url) => {
    const response = await call(method, url, undefined, method === 'GET' ? undefined : {});
    expect(response.statusCode).toBe(401);
  });
});

describe('/api/account/profile', () => {
  it('shows a new learner their name, empty fields and zero stats', async () => {
    const learner = await createUser(testApp.app, { firstName: 'Maya', lastName: 'Stone' });
    const response = await call('GET', '/api/account/profile', learner);
    expect(response.statusCode).toBe(200);
    expect(response.json<Profile>()).toMatchObject({
      fullName: 'Maya Stone',
      email: learner.email,
      bio: '',
      website: '',
      avatarUrl: '',
      stats: { coursesEnrolled: 0, lessonsCompleted: 0, reflectionsWritten: 0 },
    });
  });

  it('counts real courses, completed lessons and reflections', async () => {
    const learner = await createEnrolledLearner(testApp.app, testApp.db);
    await writeReflection(learner);
    const profile = (await call('GET', '/api/account/profile', learner)).json<Profile>();
    expect(profile.stats).toEqual({
      coursesEnrolled: 1,
      lessonsCompleted: 0,
      reflectionsWritten: 1,
    });
  });

  it('saves the fields, and the name reaches the session and the dashboard greeting', async () => {
    const learner = await createUser(testApp.app);
    const response = await call('PATCH', '/api/account/profile', learner, {
      fullName: 'Ana Lucia Reyes',
      bio: 'Walking the path.',
      website: 'https://ana.example.com',
      avatarUrl: '',
    });
    expect(response.statusCode).toBe(200);
    const again = (await call('GET', '/api/account/profile', learner)).json<Profile>();
    expect(again).toMatchObject({
      fullName: 'Ana Lucia Reyes',
      bio: 'Walking the path.',
      website: 'https://ana.example.com',
    });
    const session = (await call('GET', '/api/session', learner)).json();
    expect(session.user).toMatchObject({ firstName: 'Ana', lastName: 'Lucia Reyes' });
  });

  it('answers 400 with the message for a bad website, an empty name or an empty patch', async () => {
    const learner = await createUser(testApp.app);
    const website = await call('PATCH', '/api/account/profile', learner, { website: 'ana.com' });
    expect(website.statusCode).toBe(400);
    expect(website.json().error.message).toContain(accountMessages.websiteInvalid);
    const name = await call('PATCH', '/api/account/profile', learner, { fullName: ' ' });
    expect(name.json().error.message).toContain('Full name is required');
    const bio = await call('PATCH', '/api/account/profile', learner, { bio: 'x'.repeat(2001) });
    expect(bio.statusCode).toBe(400);
    expect((await call('PATCH', '/api/account/profile', learner, {})).statusCode).toBe(400);
  });

  it("never shows or changes another learner's profile: identity comes from the session", async () => {
    const owner = await createUser(testApp.app, { firstName: 'Owner' });
    const other = await createUser(testApp.app, { firstName: 'Other' });
    await call('PATCH', '/api/account/profile', other, { bio: 'Mine', id: owner.id } as object);
    expect((await call('GET', '/api/account/profile', owner)).json<Profile>().bio).toBe('');
    expect((await call('GET', '/api/account/profile', other)).json<Profile>().email).toBe(
      other.email,
    );
  });
});

describe('/api/account/settings', () => {
  it("starts with the spec's defaults: email and course updates on, marketing off, light", async () => {
    const learner = await createUser(testApp.app);
    const response = await call('GET', '/api/account/settings', learner);
    expect(response.json<Settings>()).toEqual({
      notificationPreferences: defaultNotificationPreferences,
      themePreference: 'light',
      twoFactorEnabled: false,
    });
  });

  it('a toggle changes one preference and keeps the others; the theme is kept', async () => {
    const learner = await createUser(testApp.app);
    await call('PATCH', '/api/account/settings', learner, {
      notificationPreferences: { marketing_emails: true },
    });
    await call('PATCH', '/api/account/settings', learner, { themePreference: 'dark' });
    const settings = (await call('GET', '/api/account/settings', learner)).json<Settings>();
    expect(settings).toMatchObject({
      notificationPreferences: {
        email_notifications: true,
        course_updates: true,
        marketing_emails: true,
      },
      themePreference: 'dark',
    });
  });

  it('answers 400 for an unknown theme', async () => {
    const learner = await createUser(testApp.app);
    const response = await call('PATCH', '/api/account/settings', learner, {
      themePreference: 'neon',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('expected light, dark or system');
  });

  it("one learner's toggle never changes another's", async () => {
    const owner = await createUser(testApp.app);
    const other = await createUser(testApp.app);
    await call('PATCH', '/api/account/settings', other, { themePreference: 'system' });
    expect(
      (await call('GET', '/api/account/settings', owner)).json<Settings>().themePreference,
    ).toBe('light');
  });
});

describe('POST /api/account/password', () => {
  it('changes the password, ends the other sessions and keeps this one', async () => {
    const learner = await createUser(testApp.app);
    const otherDevice = cookieHeader((await signIn(learner.email)).headers['set-cookie']);
    const response = await call('POST', '/api/account/password', learner, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'NewSovereign2',
    });
    expect(response.statusCode).toBe(200);
    const thisDevice = cookieHeader(response.headers['set-cookie']);
    expect((await call('GET', '/api/account/settings', { cookie: thisDevice })).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/api/account/settings', { cookie: otherDevice })).statusCode).toBe(
      401,
    );
    expect((await signIn(learner.email)).statusCode).toBe(401);
    expect((await signIn(learner.email, 'NewSovereign2')).statusCode).toBe(200);
  });

  it("answers 400 with the register rules' message and for a wrong current password", async () => {
    const learner = await createUser(testApp.app);
    const weak = await call('POST', '/api/account/password', learner, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'alllowercase1',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.message).toContain(authMessages.passwordTooWeak);
    const wrong = await call('POST', '/api/account/password', learner, {
      currentPassword: 'NotMyPassword1',
      newPassword: 'NewSovereign2',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(accountMessages.currentPasswordWrong);
    const missing = await call('POST', '/api/account/password', learner, {
      currentPassword: '',
      newPassword: 'NewSovereign2',
    });
    expect(missing.json().error.message).toContain(accountMessages.currentPasswordRequired);
  });

  it('refuses Password1, one of the most common passwords, with the sign-up message', async () => {
    const learner = await createUser(testApp.app);
    const common = await call('POST', '/api/account/password', learner, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Password1',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().error).toMatchObject({
      message: authMessages.passwordTooCommon,
      fields: { newPassword: authMessages.passwordTooCommon },
    });
    expect((await signIn(learner.email, 'Password1')).statusCode).toBe(401);
  });
});

describe('/api/account/devices', () => {
  it('lists the signed-in devices, this one first, and signs another out', async () => {
    const learner = await createUser(testApp.app);
    const otherDevice = cookieHeader((await signIn(learner.email)).headers['set-cookie']);
    const { devices } = (await call('GET', '/api/account/devices', learner)).json<{
      devices: Device[];
    }>();
    expect(devices).toHaveLength(2);
    expect(devices[0]!.isCurrent).toBe(true);
    expect(JSON.stringify(devices)).not.toContain(otherDevice.split('=')[1]!.split('.')[0]);

    const response = await call('DELETE', `/api/account/devices/${devices[1]!.id}`, learner);
    expect(response.statusCode).toBe(200);
    expect((await call('GET', '/api/account/settings', { cookie: otherDevice })).statusCode).toBe(
      401,
    );
    expect((await call('GET', '/api/account/settings', learner)).statusCode).toBe(200);
  });

  it("answers 403 for another learner's device", async () => {
    const owner = await createUser(testApp.app);
    const other = await createUser(testApp.app);
    const { devices } = (await call('GET', '/api/account/devices', owner)).json<{
      devices: Device[];
    }>();
    const response = await call('DELETE', `/api/account/devices/${devices[0]!.id}`, other);
    expect(response.statusCode).toBe(403);
    expect((await call('GET', '/api/account/settings', owner)).statusCode).toBe(200);
  });

  it('show the address a password change came from, never one the client names', async () => {
    const learner = await createUser(testApp.app);
    const changed = await testApp.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: { cookie: learner.cookie, 'x-sovereign-client-ip': '6.6.6.6' },
      remoteAddress: '10.77.0.1',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'NewSovereign2' },
    });
    expect(changed.statusCode).toBe(200);
    const thisDevice = { cookie: cookieHeader(changed.headers['set-cookie']) };
    const { devices } = (await call('GET', '/api/account/devices', thisDevice)).json<{
      devices: Device[];
    }>();
    expect(devices.map((device) => device.ipAddress)).toEqual(['10.77.0.1']);
  });

  it('answers 400 for a device id that is too long', async () => {
    const learner = await createUser(testApp.app);
    const response = await call('DELETE', `/api/account/devices/${'x'.repeat(80)}`, learner);
    expect(response.statusCode).toBe(400);
  });
});

describe('two-factor sign-in', () => {
  it('turns on with the password and a code, then sign-in asks for a code or a recovery code', async () => {
    const learner = await createUser(testApp.app);
    const enabled = await call('POST', '/api/auth/two-factor/enable', learner, {
      password: TEST_PASSWORD,
    });
    expect(enabled.statusCode).toBe(200);
    const { totpURI, backupCodes } = enabled.json<TwoFactorSetup>();
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    const verified = await call('POST', '/api/auth/two-factor/verify-totp', learner, {
      code: totpCodeFor(totpURI),
    });
    expect(verified.statusCode).toBe(200);
    const cookie = cookieHeader(verified.headers['set-cookie']) || learner.cookie;
    expect(
      (await call('GET', '/api/account/settings', { cookie })).json<Settings>().twoFactorEnabled,
    ).toBe(true);
    // The session that turning 2FA on gives this device still says where it signed in from.
    const { devices } = (await call('GET', '/api/account/devices', { cookie })).json<{
      devices: Device[];
    }>();
    expect(devices.find((device) => device.isCurrent)?.ipAddress).toEqual(expect.any(String));

    const challenged = await signIn(learner.email);
    expect(challenged.json()).toMatchObject({ twoFactorRedirect: true });
    const challenge = cookieHeader(challenged.headers['set-cookie']);
    expect((await call('GET', '/api/account/settings', { cookie: challenge })).statusCode).toBe(
      401,
    );
    // The next step's code: the one turning 2FA on cannot be used again.
    const withCode = await call(
      'POST',
      '/api/auth/two-factor/verify-totp',
      { cookie: challenge },
      {
        code: totpCodeFor(totpURI, Date.now() + 30_000),
      },
    );
    expect(withCode.statusCode).toBe(200);
    const session = cookieHeader(withCode.headers['set-cookie']);
    expect((await call('GET', '/api/account/settings', { cookie: session })).statusCode).toBe(200);

    const again = cookieHeader((await signIn(learner.email)).headers['set-cookie']);
    const recovery = await call(
      'POST',
      '/api/auth/two-factor/verify-backup-code',
      { cookie: again },
      {
        code: backupCodes[0],
      },
    );
    expect(recovery.statusCode).toBe(200);
  });

  it('accepts a code once: again, or twice at the same time, it is refused', async () => {
    const learner = await createUser(testApp.app);
    const enable = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      headers: { cookie: learner.cookie },
      payload: { password: TEST_PASSWORD },
      remoteAddress: nextClientAddress(),
    });
    const { totpURI } = enable.json<TwoFactorSetup>();

    const challenge = async () => cookieHeader((await signIn(learner.email)).headers['set-cookie']);
    // Each from an address of its own: Better Auth allows three 2FA requests per address in 10 s.
    const verify = async (code: string, cookie: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/verify-totp',
        headers: { cookie },
        payload: { code },
        remoteAddress: nextClientAddress(),
      });
    const turnOn = await verify(totpCodeFor(totpURI), learner.cookie);
    expect(turnOn.statusCode).toBe(200);
    const replayed = await verify(totpCodeFor(totpURI), await challenge());
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().error.message).toBe(twoFactorMessages.codeUsed);
    expect(replayed.headers['set-cookie'] ?? '').not.toContain('session_token=');

    const next = totpCodeFor(totpURI, Date.now() + 30_000);
    const [first, second] = await Promise.all([
      verify(next, await challenge()),
      verify(next, await challenge()),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 401]);
  });

  it('answers 400 for a code that is not six digits and for a wrong password', async () => {
    const learner = await createUser(testApp.app);
    const code = await call('POST', '/api/auth/two-factor/verify-totp', learner, { code: '12ab' });
    expect(code.statusCode).toBe(400);
    expect(code.json().error.message).toBe('Enter the 6-digit code from your authenticator app');
    const password = await call('POST', '/api/auth/two-factor/enable', learner, {
      password: 'Wrong-password1',
    });
    expect(password.statusCode).toBe(400);
  });
});

describe('GET /api/account/export', () => {
  it('gives the learner everything: reflections decrypted, enrollments, purchases, assessments, audit', async () => {
    const learner = await createEnrolledLearner(testApp.app, testApp.db);
    await writeReflection(learner);
    await buyInTestMode(learner, 'sovereign-flame');
    await testApp.app.inject({
      method: 'POST',
      url: '/api/assessments',
      remoteAddress: nextClientAddress(),
      payload: assessmentFrom(learner.email),
    });
    await testApp.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      remoteAddress: nextClientAddress(),
      payload: { name: 'Maya', email: learner.email, message: 'Is the bundle for me?' },
    });
    const response = await call('GET', '/api/account/export', learner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="my-data-.*\.json"/,
    );
    const data = response.json();
    expect(data.account.email).toBe(learner.email);
    expect(data.reflections[0].response).toBe(REFLECTION);
    expect(data.enrollments.map((row: { courseId: string }) => row.courseId).sort()).toEqual([
      'energy-sovereignty',
      'sovereign-flame',
    ]);
    expect(data.accessEvents.length).toBeGreaterThanOrEqual(2);
    expect(data.purchases[0]).toMatchObject({ customerName: 'Maya Stone', paymentStatus: 'paid' });
    expect(data.assessments[0].drawnToSovereignty).toBe('<b>the call</b>');
    expect(data.contactMessages).toEqual([
      expect.objectContaining({ email: learner.email, message: 'Is the bundle for me?' }),
    ]);
    expect(data.devices).toHaveLength(1);
  });

  it('as a readable page, with every text escaped', async () => {
    const learner = await createUser(testApp.app);
    await call('PATCH', '/api/account/profile', learner, { bio: '<script>alert(1)</script>' });
    const response = await call('GET', '/api/account/export?format=html', learner);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(response.body).not.toContain('<script>');
    expect(response.body).toContain(learner.email);
  });

  it('as a readable page, writes moments and yes/no as a person reads them', async () => {
    const learner = await createUser(testApp.app);
    const response = await call('GET', '/api/account/export?format=html', learner);
    expect(response.body).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    expect(response.body).not.toMatch(/>(true|false)</);
    expect(response.body).toContain(`Exported on ${formatDate(new Date())}, `);
    expect(response.body).toMatch(/<dd>(Yes|No)<\/dd>/);
  });

  it("answers 400 for an unknown format and holds only the caller's data", async () => {
    const owner = await createUser(testApp.app);
    const other = await createUser(testApp.app);
    expect((await call('GET', '/api/account/export?format=pdf', other)).statusCode).toBe(400);
    expect((await call('GET', '/api/account/export', other)).body).not.toContain(owner.email);
  });
});

describe("a visitor's data under an address someone else registers", () => {
  async function leaveVisitorData(email: string) {
    await testApp.app.inject({
      method: 'POST',
      url: '/api/assessments',
      remoteAddress: nextClientAddress(),
      payload: { ...assessmentFrom(email), additionalThoughts: 'VICTOR-PRIVATE: my diagnosis' },
    });
    await testApp.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      remoteAddress: nextClientAddress(),
      payload: { email },
    });
    const notice = await testApp.app.inject({
      method: 'POST',
      url: '/api/courses/dragons-clarity/release-notice',
      remoteAddress: nextClientAddress(),
      payload: { email },
    });
    expect(notice.statusCode).toBe(200);
  }
  const visitorRows = async (email: string) =>
    (
      await testApp.pool.query<{ kept: number }>(
        `select (select count(*) from assessments where lower(email) = $1)
              + (select count(*) from newsletter_subscriptions where lower(email) = $1)
              + (select count(*) from release_notices where lower(email) = $1) as kept`,
        [email],
      )
    ).rows[0]!.kept;

  it('stays out of an unconfirmed account’s export, which says why', async () => {
    const email = `victor-${Date.now()}@example.com`;
    await leaveVisitorData(email);
    const mallory = await createUser(testApp.app, { email, isVerified: false });
    const response = await call('GET', '/api/account/export', mallory);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('VICTOR-PRIVATE');
    const data = response.json();
    expect(data.assessments).toEqual([]);
    expect(data.newsletter).toEqual({ subscribed: false, since: null });
    expect(data.releaseNotices).toEqual([]);
    expect(data.dataSentWithYourAddress).toBe(addressDataCoverage.exportWithheld);
    const html = await call('GET', '/api/account/export?format=html', mallory);
    expect(html.body).toContain('Not included: assessments');
  });

  it('outlives the deletion of an unconfirmed account', async () => {
    const email = `victor-${Date.now()}@example.com`;
    await leaveVisitorData(email);
    const mallory = await createUser(testApp.app, { email, isVerified: false });
    const response = await call('POST', '/api/account/delete', mallory, {
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(Number(await visitorRows(email))).toBe(3);
  });

  it('joins the account once the address is confirmed', async () => {
    const email = `victor-${Date.now()}@example.com`;
    await leaveVisitorData(email);
    const owner = await createUser(testApp.app, { email });
    const data = (await call('GET', '/api/account/export', owner)).json();
    expect(data.assessments[0].additionalThoughts).toBe('VICTOR-PRIVATE: my diagnosis');
    expect(data.newsletter.subscribed).toBe(true);
    expect(data.releaseNotices).toMatchObject([
      { courseId: 'dragons-clarity', courseTitle: "Dragon's Clarity", email, mailedAt: null },
    ]);
    expect(data.dataSentWithYourAddress).toBe(addressDataCoverage.exportIncluded);
  });

  it('leaves with the account once the address is confirmed, with the requests made signed in', async () => {
    const email = `victor-${Date.now()}@example.com`;
    await leaveVisitorData(email);
    const owner = await createUser(testApp.app, { email });
    const signedIn = await call('POST', '/api/courses/phoenix-ascension/release-notice', owner, {});
    expect(signedIn.statusCode).toBe(200);
    const data = (await call('GET', '/api/account/export', owner)).json();
    expect(data.releaseNotices.map((notice: { courseId: string }) => notice.courseId)).toEqual([
      'dragons-clarity',
      'phoenix-ascension',
    ]);
    const deleted = await call('POST', '/api/account/delete', owner, { password: TEST_PASSWORD });
    expect(deleted.statusCode).toBe(200);
    expect(Number(await visitorRows(email))).toBe(0);
  });
});

describe('POST /api/account/delete', () => {
  it('answers 400 for a missing or wrong password and deletes nothing', async () => {
    const learner = await createUser(testApp.app);
    const missing = await call('POST', '/api/account/delete', learner, { password: '' });
    expect(missing.json().error.message).toContain(accountMessages.passwordConfirmationRequired);
    const wrong = await call('POST', '/api/account/delete', learner, { password: 'Wrong1pass' });
    expect(wrong.statusCode).toBe(400);
    expect((await call('GET', '/api/account/profile', learner)).statusCode).toBe(200);
  });

  it('removes every row of the learner, keeps their payment anonymised, and frees the email', async () => {
    const learner = await createEnrolledLearner(testApp.app, testApp.db);
    await writeReflection(learner);
    const orderId = await buyInTestMode(learner, 'sovereign-flame');
    await call('POST', '/api/learning/video-progress/start', learner, lesson);
    await call('POST', '/api/auth/two-factor/enable', learner, { password: TEST_PASSWORD });
    await call('PATCH', '/api/account/settings', learner, { themePreference: 'dark' });
    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      remoteAddress: nextClientAddress(),
      payload: { email: learner.email },
    });
    await waitForMailTo(testApp.db, learner.email);
    await testApp.app.inject({
      method: 'POST',
      url: '/api/assessments',
      remoteAddress: nextClientAddress(),
      payload: assessmentFrom(learner.email.toUpperCase()),
    });
    await testApp.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      remoteAddress: nextClientAddress(),
      payload: { name: 'Maya', email: learner.email, message: 'A question about the course.' },
    });
    await testApp.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      remoteAddress: nextClientAddress(),
      payload: { email: learner.email },
    });
    await call('POST', '/api/account/refund-requests', learner, {
      purchaseId: orderId,
      reason: 'Changed my mind',
    });
    await waitForMailTo(testApp.db, CONTACT);
    const chat = await call('POST', '/api/companion/courses/energy-sovereignty/messages', learner, {
      moduleId: lesson.moduleId,
      lessonId: lesson.lessonId,
      message: 'What does this lesson ask of me?',
    });
    expect(chat.statusCode).toBe(200);
    expect(await tablesMentioning(learner)).toEqual(
      expect.arrayContaining(['mail_outbox.text', 'rate_limit_hits.key']),
    );

    const response = await call('POST', '/api/account/delete', learner, {
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(200);

    expect(await tablesMentioning(learner)).toEqual([]);
    const kept = await testApp.pool.query(
      'select user_id, amount_paid_cents, customer_name from checkout_sessions where id = $1',
      [orderId],
    );
    expect(kept.rows).toMatchObject([{ user_id: null, customer_name: null }]);
    expect(kept.rows[0].amount_paid_cents).toBeGreaterThan(0);
    expect((await call('GET', '/api/account/profile', learner)).statusCode).toBe(401);
    const again = await createUser(testApp.app, { email: learner.email });
    expect(again.id).not.toBe(learner.id);
  });

  it('refuses while a subscription would go on renewing at Stripe', async () => {
    const learner = await createUser(testApp.app);
    await testApp.pool.query(
      `insert into subscriptions (id, user_id, customer_id, status, product_id, cancel_at_period_end,
         items, created_at, event_created_at)
       values ($1, $2, 'cus_test', 'active', 'prod_all', false, '[]', now(), now())`,
      [`sub_${learner.id}`, learner.id],
    );
    const response = await call('POST', '/api/account/delete', learner, {
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(accountMessages.subscriptionStillActive);
    expect((await call('GET', '/api/account/profile', learner)).statusCode).toBe(200);
  });
});

describe('the user-data map', () => {
  it('covers every table with a column that names a user, so none escapes export and deletion', async () => {
    const { rows } = await testApp.pool.query<{ table_name: string }>(`
      select distinct table_name from information_schema.columns
      where table_schema = 'public'
        and (column_name ~ '(^|_)(user_id|email|actor_id)$' or column_name ~ '_by(_user_id)?$'
             or column_name in ('to', 'value'))
      union
      select distinct tc.table_name from information_schema.table_constraints tc
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
      where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = 'users'`);
    const found = rows.map((row) => row.table_name).sort();
    const missing = found.filter((table) => !(table in userDataTables));
    expect(missing, 'add these tables to account/user-data-tables.ts').toEqual([]);
  });
});

describe('/api/account/billing', () => {
  it('shows the free plan and no purchases to a new learner', async () => {
    const learner = await createUser(testApp.app);
    const billing = (await call('GET', '/api/account/billing', learner)).json<Billing>();
    expect(billing).toEqual({
      plan: 'free',
      purchases: [],
      invoices: [],
      paymentPlans: [],
      hasSubscription: false,
      canOpenBillingPortal: true,
      contactEmail: CONTACT,
    });
  });

  it('shows a buyer the paid plan and their purchase, refundable within 30 days', async () => {
    const learner = await createUser(testApp.app);
    const orderId = await buyInTestMode(learner);
    const billing = (await call('GET', '/api/account/billing', learner)).json<Billing>();
    expect(billing.plan).toBe('paid');
    expect(billing.purchases).toMatchObject([
      { id: orderId, isRefundable: true, refundedAt: null },
    ]);
  });
});

describe('POST /api/account/refund-requests', () => {
  it("sends the request to the operator's contact address", async () => {
    const learner = await createUser(testApp.app);
    const orderId = await buyInTestMode(learner);
    const response = await call('POST', '/api/account/refund-requests', learner, {
      purchaseId: orderId,
      reason: 'Not the right time for me.',
    });
    expect(response.statusCode).toBe(200);
    const mail = await waitForMailTo(testApp.db, CONTACT);
    expect(mail.subject).toContain(orderId);
    expect(mail.text).toContain(learner.email);
    expect(mail.text).toContain('Not the right time for me.');
  });

  it("answers 403 for another learner's purchase and 400 for a reason too long", async () => {
    const owner = await createUser(testApp.app);
    const other = await createUser(testApp.app);
    const orderId = await buyInTestMode(owner);
    const forbidden = await call('POST', '/api/account/refund-requests', other, {
      purchaseId: orderId,
      reason: '',
    });
    expect(forbidden.statusCode).toBe(403);
    const long = await call('POST', '/api/account/refund-requests', owner, {
      purchaseId: orderId,
      reason: 'x'.repeat(2001),
    });
    expect(long.statusCode).toBe(400);
  });

  it("keeps the learner's name on one line, so it cannot add paragraphs to the operator's mail", async () => {
    const learner = await createUser(testApp.app);
    await testApp.pool.query('update users set first_name = $1, last_name = $2 where id = $3', [
      'Bob',
      'B asks for a refund.\n\nOPERATOR NOTE: refund approved by finance\u202e\n\nIgnore:',
      learner.id,
    ]);
    const orderId = await buyInTestMode(learner);
    await call('POST', '/api/account/refund-requests', learner, {
      purchaseId: orderId,
      reason: '',
    });
    const mail = await waitForMailTo(testApp.db, CONTACT);
    const [firstLine, secondLine] = mail.text.split('\n');
    expect(firstLine).toContain('OPERATOR NOTE');
    expect(firstLine).toMatch(new RegExp(`<${learner.email}> asks for a refund\\.$`));
    expect(secondLine).toBe('');
    expect(mail.text).not.toContain('\u202e');
  });

  it('answers 429 past three requests a day, and sends no more mail', async () => {
    const learner = await createUser(testApp.app);
    const orderIds = [
      await buyInTestMode(learner),
      await buyInTestMode(learner, 'sovereign-flame'),
    ];
    // A third paid order, as one bought before the others (the catalogue sells no third course
    // to this learner yet).
    orderIds.push(`test_cs_${randomUUID()}`);
    await testApp.pool.query(
      `insert into checkout_sessions (id, user_id, mode, items, course_ids, is_bundle, amount_cents,
         receipt_email, status, payment_status, fulfilled_at)
       values ($1, $2, 'test', '[]', '{}', false, 100, $3, 'complete', 'paid', now())`,
      [orderIds[2], learner.id, learner.email],
    );
    // One waiting request per order: each of the day's requests names another one.
    const request = (purchaseId: string) =>
      call('POST', '/api/account/refund-requests', learner, { purchaseId, reason: '' });
    for (const orderId of orderIds) expect((await request(orderId)).statusCode).toBe(200);
    const refused = await request(orderIds[0]!);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(refundRequestRateLimit.message);
    const { rows } = await testApp.pool.query(
      'select count(*)::int as sent from mail_outbox where subject like $1 and text like $2',
      ['%refund request for order%', `%${learner.email}%`],
    );
    expect(rows[0].sent).toBe(refundRequestRateLimit.max);
  });

  it('says so when the operator set no contact address', async () => {
    const learner = await createUser(noContactApp.app);
    const response = await noContactApp.app.inject({
      method: 'POST',
      url: '/api/account/refund-requests',
      headers: { cookie: learner.cookie },
      payload: { purchaseId: 'cs_test', reason: '' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.message).toBe(accountMessages.noContactAddress);
    const contact = await noContactApp.app.inject({ method: 'GET', url: '/api/contact' });
    expect(contact.json()).toEqual({ contactEmail: null, socialProfiles: [] });
  });
});

function assessmentFrom(email: string) {
  return {
    name: 'Maya Stone',
    email,
    drawnToSovereignty: '<b>the call</b>',
    sovereigntyMeaning: 'Freedom',
    takeResponsibility: 'yes',
    facingDiscomfort: 'sit-with',
    trueStatements: [],
    noLongerAvailable: '',
    greatestResistance: '',
    readinessScale: 7,
    additionalThoughts: '',
  };
}

/** Every table and column (as text) that still holds the user's id or email. */
async function tablesMentioning(user: TestUser): Promise<string[]> {
  const { rows: columns } = await testApp.pool.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
     where table_schema = 'public' and table_name not like '__drizzle%'`,
  );
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const { rows } = await testApp.db.execute<{ hits: number }>(
      sql`select count(*)::int as hits from ${sql.identifier(table_name)}
          where ${sql.identifier(column_name)}::text ilike ${`%${user.id}%`}
             or ${sql.identifier(column_name)}::text ilike ${`%${user.email}%`}`,
    );
    if (rows[0]!.hits > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

describe('the contact address', () => {
  it('is given to the site and closes the terms and privacy pages when set', async () => {
    const contact = await call('GET', '/api/contact');
    expect(contact.json()).toEqual({
      contactEmail: CONTACT,
      socialProfiles: [{ name: 'YouTube', href: YOUTUBE }],
    });
    for (const page of ['terms', 'privacy']) {
      const { markdown } = (await call('GET', `/api/pages/${page}`)).json<{ markdown: string }>();
      expect(markdown).toContain(`Write to us at [${CONTACT}](mailto:${CONTACT})`);
    }
  });

  it('is named nowhere when the operator set none', async () => {
    for (const page of ['terms', 'privacy']) {
      const response = await noContactApp.app.inject({ method: 'GET', url: `/api/pages/${page}` });
      expect(response.json<{ markdown: string }>().markdown).not.toContain('## Contact');
    }
  });
});
