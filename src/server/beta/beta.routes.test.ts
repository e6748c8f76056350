import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyAccessResponse } from '../../shared/api/access.ts';
import type {
  BetaAdminData,
  BetaCodeView,
  BetaGrantView,
  BetaStats,
  MyBetaStatus,
} from '../../shared/api/beta.ts';
import { BETA_CODE_PATTERN, betaMessages } from '../../shared/rules/beta.ts';
import { enrollInCourses } from '../access/enrollments.ts';
import { accessEvents } from '../db/schema/access.ts';
import { betaCodes, betaGrants, betaInvitations } from '../db/schema/beta.ts';
import { lessonCompletions, videoProgress } from '../db/schema/learning.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { waitForMailTo } from '../testing/mail.ts';
import {
  cookieHeader,
  createAdmin,
  createUser,
  nextClientAddress,
  TEST_PASSWORD,
  type TestUser,
} from '../testing/users.ts';

let testApp: TestApp;
let admin: TestUser;
beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await createAdmin(testApp.app, testApp.db);
});
afterAll(() => testApp.close());

const DAY_MS = 86_400_000;

const call = (method: 'GET' | 'POST', url: string, user: TestUser | undefined, payload?: object) =>
  testApp.as(user).request(method, url, payload);

const generateCode = async (body: object = {}) => {
  const response = await call('POST', '/api/beta/codes', admin, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ code: BetaCodeView }>().code;
};

const redeem = (user: TestUser, code: string) => call('POST', '/api/beta/redeem', user, { code });

const accessTo = async (user: TestUser, courseId: string) => {
  const response = await call('GET', '/api/me/access', user);
  return response.json<MyAccessResponse>().courses.find((course) => course.courseId === courseId)!;
};

/** Every route's answer without a session and for a learner on an admin action. */
const adminRoutes: [method: 'GET' | 'POST', url: string, payload?: object][] = [
  ['POST', '/api/beta/codes', {}],
  ['GET', '/api/beta/admin'],
  ['GET', '/api/beta/stats'],
  ['POST', '/api/beta/invitations', { email: 'someone@example.com' }],
  ['POST', '/api/grant-beta-access', { userId: 'x' }],
  ['POST', '/api/beta/grants/00000000-0000-4000-8000-000000000000/deactivate'],
  ['POST', '/api/beta/grants/00000000-0000-4000-8000-000000000000/extend'],
];

describe('admin routes', () => {
  it('answer 401 without a session and 403 to a learner', async () => {
    const learner = await createUser(testApp.app);
    for (const [method, url, payload] of adminRoutes) {
      expect((await call(method, url, undefined, payload)).statusCode, url).toBe(401);
      const forbidden = await call(method, url, learner, payload);
      expect(forbidden.statusCode, url).toBe(403);
    }
    expect(
      await testApp.db.select().from(betaCodes).where(eq(betaCodes.createdBy, learner.id)),
    ).toEqual([]);
  });

  it('answer 401 without a session on the learner routes', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/beta/me'],
      ['POST', '/api/beta/redeem', { code: 'SF-AAAA-AAAA' }],
      ['POST', '/api/check-beta-access', {}],
      ['POST', '/api/convert-beta-to-paid', { courseIds: ['energy-sovereignty'] }],
      ['POST', '/api/beta/upgrade-status', { checkoutId: 'test_cs_1' }],
    ] as const) {
      expect((await call(method, url, undefined, payload)).statusCode, url).toBe(401);
    }
  });
});

describe('POST /api/beta/codes', () => {
  it('generates an SF-XXXX-XXXX code with the defaults: 10 uses, 30 days', async () => {
    const code = await generateCode();
    expect(code.code).toMatch(BETA_CODE_PATTERN);
    expect(code.code).not.toMatch(/[IO01]/);
    expect(code).toMatchObject({ maxUses: 10, usedCount: 0, isActive: true, courseIds: [] });
    expect(Math.round((Date.parse(code.expiresAt) - Date.parse(code.createdAt)) / DAY_MS)).toBe(30);
  });

  it('keeps the chosen courses, uses, expiry and description', async () => {
    const code = await generateCode({
      courseIds: ['sovereign-flame'],
      maxUses: 1000,
      expirationDays: 365,
      description: 'Spring cohort',
    });
    expect(code).toMatchObject({
      courseIds: ['sovereign-flame'],
      maxUses: 1000,
      description: 'Spring cohort',
    });
  });

  it('answers 400 with a clear message for bad input', async () => {
    const cases: [object, string][] = [
      [{ maxUses: 0 }, 'Max uses must be between 1 and 1000'],
      [{ maxUses: 1001 }, 'Max uses must be between 1 and 1000'],
      [{ expirationDays: 0 }, 'Expiration days must be between 1 and 365'],
      [{ expirationDays: 366 }, 'Expiration days must be between 1 and 365'],
      [{ courseIds: ['no-such-course'] }, 'Course not found: no-such-course'],
      [{ description: 'x'.repeat(501) }, 'The description can be at most 500 characters'],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', '/api/beta/codes', admin, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
  });
});

describe('POST /api/beta/redeem', () => {
  it('redeems a code typed in lower case: 30 days of beta access to its courses', async () => {
    const code = await generateCode({ courseIds: ['sovereign-flame'] });
    const learner = await createUser(testApp.app);
    expect((await accessTo(learner, 'sovereign-flame')).accessType).toBe('none');
    const response = await redeem(learner, ` ${code.code.toLowerCase()} `);
    expect(response.statusCode, response.body).toBe(200);
    const { grant } = response.json<{ grant: BetaGrantView }>();
    expect(grant).toMatchObject({ grantMethod: 'code', betaCodeUsed: code.code, isActive: true });

    const course = await accessTo(learner, 'sovereign-flame');
    expect(course.accessType).toBe('beta');
    expect(Math.round((Date.parse(course.expiresAt!) - Date.now()) / DAY_MS)).toBe(30);
    expect((await accessTo(learner, 'energy-sovereignty')).accessType).toBe('none');
    const [stored] = await testApp.db.select().from(betaCodes).where(eq(betaCodes.code, code.code));
    expect(stored?.usedCount).toBe(1);
    const events = await testApp.db
      .select()
      .from(accessEvents)
      .where(eq(accessEvents.userId, learner.id));
    expect(
      events.map((event) => [event.courseId, event.action, event.source, event.actorId]),
    ).toEqual([['sovereign-flame', 'grant', 'beta', learner.id]]);
  });

  it("opens the course's lessons to the beta learner", async () => {
    const code = await generateCode({ courseIds: ['energy-sovereignty'] });
    const learner = await createUser(testApp.app);
    const course = testApp.app.catalogue.getCourse('energy-sovereignty')!;
    const lesson = course.modules[0]!.lessons[0]!;
    const url = `/api/learning/courses/${course.id}/modules/${course.modules[0]!.id}/lessons/${lesson.id}`;
    expect((await call('GET', url, learner)).statusCode).toBe(403);
    await redeem(learner, code.code);
    expect((await call('GET', url, learner)).statusCode).toBe(200);
  });

  it("refuses an unknown, used up, expired or inactive code with the spec's message", async () => {
    const usedUp = await generateCode({ maxUses: 1 });
    await redeem(await createUser(testApp.app), usedUp.code);
    const expired = await generateCode();
    await testApp.db
      .update(betaCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(betaCodes.code, expired.code));
    const inactive = await generateCode();
    await testApp.db
      .update(betaCodes)
      .set({ isActive: false })
      .where(eq(betaCodes.code, inactive.code));

    const learner = await createUser(testApp.app);
    for (const code of ['SF-ZZZZ-ZZZZ', usedUp.code, expired.code, inactive.code]) {
      const response = await redeem(learner, code);
      expect(response.statusCode, code).toBe(400);
      expect(response.json().error.message).toBe(betaMessages.invalidCode);
    }
    expect((await call('GET', '/api/beta/me', learner)).json<MyBetaStatus>().accessType).toBe(
      'none',
    );
  });

  it('refuses a blank code, a learner who already has active beta access, and names an unknown code as such to that learner', async () => {
    const learner = await createUser(testApp.app);
    const blank = await redeem(learner, '  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toContain(betaMessages.codeRequired);

    const code = await generateCode();
    expect((await redeem(learner, code.code)).statusCode).toBe(200);
    const again = await redeem(learner, code.code);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(betaMessages.alreadyBeta);
    const unknown = await redeem(learner, 'SF-ZZZZ-ZZZZ');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(betaMessages.invalidCode);
    const [stored] = await testApp.db.select().from(betaCodes).where(eq(betaCodes.code, code.code));
    expect(stored?.usedCount).toBe(1);
  });

  it('gives the last use of a code to one of two learners racing for it', async () => {
    const code = await generateCode({ maxUses: 1 });
    const racers = await Promise.all([createUser(testApp.app), createUser(testApp.app)]);
    const answers = await Promise.all(racers.map((racer) => redeem(racer, code.code)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const [stored] = await testApp.db.select().from(betaCodes).where(eq(betaCodes.code, code.code));
    expect(stored?.usedCount).toBe(1);
    const grants = await testApp.db
      .select()
      .from(betaGrants)
      .where(eq(betaGrants.betaCodeUsed, code.code));
    expect(grants).toHaveLength(1);
  });
});

describe('GET /api/beta/me', () => {
  it('shows full access for a grant of every course, and ends an expired grant on access', async () => {
    const learner = await createUser(testApp.app);
    const granted = await call('POST', '/api/grant-beta-access', admin, { userId: learner.id });
    const { grant } = granted.json<{ grant: BetaGrantView }>();
    const status = (await call('GET', '/api/beta/me', learner)).json<MyBetaStatus>();
    expect(status.accessType).toBe('full');
    expect(status.grants.map((entry) => entry.id)).toEqual([grant.id]);

    await testApp.db
      .update(betaGrants)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(betaGrants.id, grant.id));
    expect((await accessTo(learner, 'sovereign-flame')).accessType).toBe('none');
    const [ended] = await testApp.db.select().from(betaGrants).where(eq(betaGrants.id, grant.id));
    expect(ended).toMatchObject({ isActive: false, endReason: 'expired' });
    expect((await call('GET', '/api/beta/me', learner)).json<MyBetaStatus>().accessType).toBe(
      'none',
    );
  });
});

describe('POST /api/grant-beta-access', () => {
  it('grants a user beta access for the chosen days, recorded as the admin', async () => {
    const learner = await createUser(testApp.app);
    const response = await call('POST', '/api/grant-beta-access', admin, {
      userId: learner.id,
      courseIds: ['energy-sovereignty'],
      durationDays: 7,
    });
    expect(response.statusCode).toBe(200);
    const { grant, success } = response.json<{ success: boolean; grant: BetaGrantView }>();
    expect(success).toBe(true);
    expect(grant).toMatchObject({
      grantMethod: 'admin',
      grantedBy: admin.id,
      courseIds: ['energy-sovereignty'],
    });
    expect(Math.round((Date.parse(grant.expiresAt!) - Date.now()) / DAY_MS)).toBe(7);
    expect((await accessTo(learner, 'energy-sovereignty')).accessType).toBe('beta');
  });

  it("grants by the address of the user's account, as the admin panel asks", async () => {
    const learner = await createUser(testApp.app);
    const response = await call('POST', '/api/grant-beta-access', admin, {
      email: ` ${learner.email.toUpperCase()} `,
      courseIds: ['sovereign-flame'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().grant).toMatchObject({ userId: learner.id });
    expect((await accessTo(learner, 'sovereign-flame')).accessType).toBe('beta');
    const unknown = await call('POST', '/api/grant-beta-access', admin, {
      email: 'nobody-at-all@example.com',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('User not found');
  });

  it('waits for an unconfirmed address to be confirmed before it grants (T4-M4)', async () => {
    const registered = await createUser(testApp.app, { isVerified: false });
    const response = await call('POST', '/api/grant-beta-access', admin, {
      email: registered.email,
      courseIds: ['energy-sovereignty'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, grant: null, waitingForConfirmation: true });
    expect((await accessTo(registered, 'energy-sovereignty')).accessType).toBe('none');
    const before = await testApp.db
      .select()
      .from(betaGrants)
      .where(eq(betaGrants.userId, registered.id));
    expect(before).toHaveLength(0);

    await openConfirmationLink(registered.email, registered.cookie);
    expect((await accessTo(registered, 'energy-sovereignty')).accessType).toBe('beta');
    const [grant] = await testApp.db
      .select()
      .from(betaGrants)
      .where(eq(betaGrants.userId, registered.id));
    expect(grant).toMatchObject({ grantMethod: 'admin', grantedBy: admin.id });
    expect(Math.round((grant!.expiresAt!.getTime() - Date.now()) / DAY_MS)).toBe(30);
  });

  it('takes an explicit end date, or null for access that never ends', async () => {
    const learner = await createUser(testApp.app);
    const expiresAt = new Date(Date.now() + 3 * DAY_MS).toISOString();
    const dated = await call('POST', '/api/grant-beta-access', admin, {
      userId: learner.id,
      expiresAt,
    });
    expect(dated.json().grant.expiresAt).toBe(expiresAt);
    const never = await call('POST', '/api/grant-beta-access', admin, {
      userId: learner.id,
      expiresAt: null,
    });
    expect(never.json().grant.expiresAt).toBeNull();
    expect((await accessTo(learner, 'phoenix-ascension')).expiresAt).toBeNull();
  });

  it('answers 400 for bad input and 404 for an unknown user', async () => {
    const learner = await createUser(testApp.app);
    const cases: [object, string][] = [
      [{ userId: '' }, betaMessages.userIdRequired],
      [{}, betaMessages.userIdRequired],
      [{ email: '' }, betaMessages.userEmailRequired],
      [{ email: 'not-an-address' }, 'expected an email address'],
      [{ userId: learner.id, durationDays: 366 }, 'Duration must be between 1 and 365'],
      [{ userId: learner.id, courseIds: ['nope'] }, 'Course not found: nope'],
      [{ userId: 'u'.repeat(256) }, 'userId'],
      [{ userId: learner.id, expiresAt: 'tomorrow' }, 'expected a date and time'],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', '/api/grant-beta-access', admin, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    const unknown = await call('POST', '/api/grant-beta-access', admin, { userId: 'nobody' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('deactivate and extend', () => {
  it('deactivates a grant, then extends it by 30 days and reactivates it, each audited', async () => {
    const learner = await createUser(testApp.app);
    const { grant } = (
      await call('POST', '/api/grant-beta-access', admin, {
        userId: learner.id,
        courseIds: ['sovereign-flame'],
      })
    ).json<{ grant: BetaGrantView }>();

    const deactivated = await call('POST', `/api/beta/grants/${grant.id}/deactivate`, admin);
    expect(deactivated.json().grant).toMatchObject({ isActive: false, endReason: 'deactivated' });
    expect((await accessTo(learner, 'sovereign-flame')).accessType).toBe('none');

    const extended = await call('POST', `/api/beta/grants/${grant.id}/extend`, admin);
    const after = extended.json<{ grant: BetaGrantView }>().grant;
    expect(after).toMatchObject({ isActive: true, endReason: null });
    expect(Math.round((Date.parse(after.expiresAt!) - Date.parse(grant.expiresAt!)) / DAY_MS)).toBe(
      30,
    );
    expect((await accessTo(learner, 'sovereign-flame')).accessType).toBe('beta');

    const events = await testApp.db
      .select()
      .from(accessEvents)
      .where(eq(accessEvents.reference, grant.id));
    expect(events.map((event) => [event.action, event.actorId])).toEqual([
      ['grant', admin.id],
      ['revoke', admin.id],
      ['extend', admin.id],
    ]);
  });

  it('answers 400 for a malformed id and 404 for an unknown grant', async () => {
    expect((await call('POST', '/api/beta/grants/abc/extend', admin)).statusCode).toBe(400);
    const unknown = await call(
      'POST',
      '/api/beta/grants/00000000-0000-4000-8000-000000000000/extend',
      admin,
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('invitations', () => {
  it('mails a link to register; registering with that email in other case claims it', async () => {
    const email = `Invitee-${Date.now()}@Example.com`;
    const response = await call('POST', '/api/beta/invitations', admin, {
      email,
      courseIds: ['sovereign-flame'],
      durationDays: 14,
    });
    expect(response.statusCode, response.body).toBe(200);
    const mail = await waitForMailTo(testApp.db, email.toLowerCase());
    expect(mail.text).toContain(
      `http://localhost:3000/register?email=${encodeURIComponent(email.toLowerCase())}`,
    );

    const registered = await createUser(testApp.app, {
      email: email.toLowerCase(),
      isVerified: false,
    });
    // In the browser that registered: the link signs no one in anew there.
    await openConfirmationLink(registered.email, registered.cookie);
    const invitee = registered;
    const course = await accessTo(invitee, 'sovereign-flame');
    expect(course.accessType).toBe('beta');
    expect(Math.round((Date.parse(course.expiresAt!) - Date.now()) / DAY_MS)).toBe(14);
    const [invitation] = await testApp.db
      .select()
      .from(betaInvitations)
      .where(eq(betaInvitations.email, email.toLowerCase()));
    expect(invitation).toMatchObject({ claimed: true, claimedByUserId: invitee.id });
    const [grant] = await testApp.db
      .select()
      .from(betaGrants)
      .where(eq(betaGrants.userId, invitee.id));
    expect(grant).toMatchObject({ grantMethod: 'email', grantedBy: admin.id });
  });

  it('is not claimed by an unconfirmed account registering the invited address', async () => {
    const email = `invitee-${Date.now()}@example.com`;
    await call('POST', '/api/beta/invitations', admin, { email, courseIds: [] });
    const stranger = await createUser(testApp.app, { email, isVerified: false });
    expect((await accessTo(stranger, 'energy-sovereignty')).accessType).toBe('none');
    const signIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: TEST_PASSWORD },
      remoteAddress: nextClientAddress(),
    });
    const cookie = cookieHeader(signIn.headers['set-cookie']);
    expect((await accessTo({ ...stranger, cookie }, 'energy-sovereignty')).accessType).toBe('none');
    const [invitation] = await testApp.db
      .select()
      .from(betaInvitations)
      .where(eq(betaInvitations.email, email));
    expect(invitation).toMatchObject({ claimed: false, claimedByUserId: null });
  });

  it('is claimed when an existing account signs in', async () => {
    const learner = await createUser(testApp.app);
    await call('POST', '/api/beta/invitations', admin, { email: learner.email.toUpperCase() });
    expect((await accessTo(learner, 'energy-sovereignty')).accessType).toBe('none');
    const signIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: learner.email, password: TEST_PASSWORD },
      remoteAddress: nextClientAddress(),
    });
    const cookie = cookieHeader(signIn.headers['set-cookie']);
    expect((await accessTo({ ...learner, cookie }, 'energy-sovereignty')).accessType).toBe('beta');
  });

  it('refuses a second unclaimed invitation for the same email, and bad input', async () => {
    const email = `twice-${Date.now()}@example.com`;
    expect((await call('POST', '/api/beta/invitations', admin, { email })).statusCode).toBe(200);
    const again = await call('POST', '/api/beta/invitations', admin, {
      email: email.toUpperCase(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(betaMessages.invitationExists);

    const cases: [object, string][] = [
      [{ email: '' }, betaMessages.emailRequired],
      [{ email: 'not-an-email' }, 'expected an email address'],
      [{ email: `${'a'.repeat(250)}@example.com` }, 'expected an email address'],
      [{ email: 'ok@example.com', durationDays: 0 }, 'Duration must be between 1 and 365'],
      [{ email: 'ok@example.com', courseIds: ['nope'] }, 'Course not found: nope'],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', '/api/beta/invitations', admin, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
  });
});

describe('POST /api/check-beta-access', () => {
  it('answers for the caller, for any user to an admin, and 403 for another user', async () => {
    const learner = await createUser(testApp.app);
    const other = await createUser(testApp.app);
    await call('POST', '/api/grant-beta-access', admin, {
      userId: learner.id,
      courseIds: ['sovereign-flame'],
    });
    const check = (user: TestUser, body: object) =>
      call('POST', '/api/check-beta-access', user, body);

    expect((await check(learner, {})).json()).toEqual({ hasBetaAccess: true });
    expect((await check(learner, { courseId: 'sovereign-flame' })).json()).toEqual({
      hasBetaAccess: true,
    });
    expect((await check(learner, { courseId: 'energy-sovereignty' })).json()).toEqual({
      hasBetaAccess: false,
    });
    expect((await check(admin, { userId: learner.id })).json()).toEqual({ hasBetaAccess: true });
    expect((await check(other, { userId: other.id })).json()).toEqual({ hasBetaAccess: false });
    const forbidden = await check(other, { userId: learner.id });
    expect(forbidden.statusCode).toBe(403);
    const bad = await check(learner, { courseId: 'c'.repeat(101) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('courseId');
  });
});

describe('upgrade to paid', () => {
  const payInTestMode = async (user: TestUser, productIds: string[]) => {
    const started = await call('POST', '/api/create-checkout-session', user, {
      lineItems: productIds.map((price) => ({ price, quantity: 1 })),
      metadata: { upgradeFromBeta: 'true' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { id } = started.json<{ id: string }>();
    expect((await call('POST', `/api/checkout/test-sessions/${id}/pay`, user, {})).statusCode).toBe(
      200,
    );
    return id;
  };

  it('ends the beta grant of the bought course on fulfilment; the enrollment is paid', async () => {
    const learner = await createUser(testApp.app);
    await call('POST', '/api/grant-beta-access', admin, {
      userId: learner.id,
      courseIds: ['energy-sovereignty'],
    });
    const sessionId = await payInTestMode(learner, ['energy-sovereignty']);

    const course = await accessTo(learner, 'energy-sovereignty');
    expect(course).toMatchObject({ accessType: 'paid', purchaseType: 'individual' });
    const [grant] = await testApp.db
      .select()
      .from(betaGrants)
      .where(eq(betaGrants.userId, learner.id));
    expect(grant).toMatchObject({ isActive: false, endReason: 'upgraded' });
    expect(
      (await call('POST', '/api/beta/upgrade-status', learner, { checkoutId: sessionId })).json(),
    ).toEqual({ upgraded: true });
    const other = await createUser(testApp.app);
    expect(
      (await call('POST', '/api/beta/upgrade-status', other, { checkoutId: sessionId })).json(),
    ).toEqual({
      upgraded: false,
    });
  });

  it('keeps the other courses of a full grant when one course is bought', async () => {
    const learner = await createUser(testApp.app);
    await call('POST', '/api/grant-beta-access', admin, { userId: learner.id });
    await payInTestMode(learner, ['energy-sovereignty']);
    const [grant] = await testApp.db
      .select()
      .from(betaGrants)
      .where(eq(betaGrants.userId, learner.id));
    expect(grant!.isActive).toBe(true);
    expect(grant!.courseIds).not.toContain('energy-sovereignty');
    expect(grant!.courseIds).toContain('sovereign-flame');
    expect((await accessTo(learner, 'sovereign-flame')).accessType).toBe('beta');
    expect((await accessTo(learner, 'energy-sovereignty')).accessType).toBe('paid');
  });

  it("POST /api/convert-beta-to-paid ends the caller's beta grants for courses they own", async () => {
    const learner = await createUser(testApp.app);
    await call('POST', '/api/grant-beta-access', admin, {
      userId: learner.id,
      courseIds: ['energy-sovereignty'],
    });
    const convert = (user: TestUser, body: object) =>
      call('POST', '/api/convert-beta-to-paid', user, body);

    const notPaid = await convert(learner, { courseIds: ['energy-sovereignty'] });
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().error.message).toBe('Failed to convert beta user to paid');

    const other = await createUser(testApp.app);
    expect(
      (await convert(other, { userId: learner.id, courseIds: ['energy-sovereignty'] })).statusCode,
    ).toBe(403);
    const empty = await convert(learner, { courseIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Please select at least one course');

    await testApp.db
      .update(betaGrants)
      .set({ courseIds: ['energy-sovereignty'] })
      .where(eq(betaGrants.userId, learner.id));
    await enrollInCourses(testApp.db, {
      userId: learner.id,
      courseIds: ['energy-sovereignty'],
      purchaseType: 'individual',
      source: 'purchase',
    });
    const converted = await convert(learner, {
      courseIds: ['energy-sovereignty'],
      isBundle: false,
    });
    expect(converted.json()).toEqual({ success: true, convertedCourseIds: ['energy-sovereignty'] });
    const events = await testApp.db
      .select()
      .from(accessEvents)
      .where(and(eq(accessEvents.userId, learner.id), eq(accessEvents.source, 'beta')))
      .orderBy(accessEvents.id);
    expect(events.map((event) => event.action)).toEqual(['grant', 'revoke']);
  });
});

describe('admin data and statistics', () => {
  it("lists codes, grants with the user's email, and invitations", async () => {
    const learner = await createUser(testApp.app);
    const code = await generateCode();
    await redeem(learner, code.code);
    const data = (await call('GET', '/api/beta/admin', admin)).json<BetaAdminData>();
    expect(data.codes.find((entry) => entry.code === code.code)).toMatchObject({ usedCount: 1 });
    expect(data.grants.find((grant) => grant.userId === learner.id)).toMatchObject({
      userEmail: learner.email,
      grantMethod: 'code',
    });
    expect(Array.isArray(data.invitations)).toBe(true);
  });

  it('counts active and expired beta users, the conversion rate and engagement per course', async () => {
    // A database of its own, so the totals are exact.
    const fresh = await buildTestApp();
    try {
      const freshAdmin = await createAdmin(fresh.app, fresh.db);
      const [converted, lapsed, active] = await Promise.all(
        [1, 2, 3].map(() => createUser(fresh.app)),
      );
      const grant = (user: TestUser) =>
        fresh.app.inject({
          method: 'POST',
          url: '/api/grant-beta-access',
          headers: { cookie: freshAdmin.cookie },
          payload: { userId: user.id, courseIds: ['energy-sovereignty'] },
        });
      for (const user of [converted!, lapsed!, active!]) await grant(user);
      for (const user of [converted!, lapsed!]) {
        await fresh.db
          .update(betaGrants)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(betaGrants.userId, user.id));
      }
      await enrollInCourses(fresh.db, {
        userId: converted!.id,
        courseIds: ['energy-sovereignty'],
        purchaseType: 'individual',
        source: 'purchase',
      });

      // The active beta learner completed the first lesson and watched half its video.
      const course = fresh.app.catalogue.getCourse('energy-sovereignty')!;
      const lessons = course.modules.flatMap((module) => module.lessons);
      const lesson = lessons[0]!;
      const where = { userId: active!.id, courseId: course.id, moduleId: lesson.moduleId };
      await fresh.db.insert(lessonCompletions).values({ ...where, lessonId: lesson.id });
      await fresh.db
        .insert(videoProgress)
        .values({ ...where, lessonId: lesson.id, videoId: '123456', progress: 50 });

      const response = await fresh.app.inject({
        method: 'GET',
        url: '/api/beta/stats',
        headers: { cookie: freshAdmin.cookie },
      });
      const stats = response.json<BetaStats>();
      expect(stats).toMatchObject({
        totalActiveBetaUsers: 1,
        totalExpiredBetaUsers: 2,
        conversionRate: 50,
      });
      expect(stats.courseEngagement.find((entry) => entry.courseId === course.id)).toMatchObject({
        averageProgress: Math.round(100 / lessons.length),
        averageTimeSpent: Math.round(lesson.duration / 2),
      });
      expect(stats.courseEngagement.map((entry) => [entry.courseId, entry.betaUserCount])).toEqual(
        fresh.app.catalogue.courses.map((course) => [
          course.id,
          course.id === 'energy-sovereignty' ? 1 : 0,
        ]),
      );
    } finally {
      await fresh.close();
    }
  });
});

/** Opens the link mailed at sign-up, as the address's owner does, in a browser with this cookie. */
async function openConfirmationLink(email: string, cookie: string): Promise<void> {
  const mail = await waitForMailTo(testApp.db, email, 'Confirm your Sovereign Flame email address');
  const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
  const opened = await testApp.app.inject({
    method: 'GET',
    url: `${link.pathname}${link.search}`,
    headers: { cookie },
    remoteAddress: nextClientAddress(),
  });
  expect(opened.statusCode, opened.body).toBeLessThan(400);
}
