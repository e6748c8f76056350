import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/mail.ts';
import { releaseNotices } from '../db/schema/catalogue.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createUser, nextClientAddress, type TestUser } from '../testing/users.ts';
import { signToken } from '../http/signed-token.ts';
import { sendReleaseNotices } from './release-notices.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

const ask = (courseId: string, payload: object, user?: TestUser) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/release-notice`,
    remoteAddress: nextClientAddress(),
    headers: user ? { cookie: user.cookie } : {},
    payload,
  });

const noticesFor = (email: string) =>
  testApp.db.select().from(releaseNotices).where(eq(releaseNotices.email, email));

const confirmationMails = (email: string) =>
  testApp.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, 'Confirm: tell me when%')));

/** The token of the link in the confirmation mail, as a visitor would open it. */
async function confirmationToken(email: string): Promise<string> {
  const [mail] = await confirmationMails(email);
  return /\/release-notice\/confirm\?token=(\S+)/.exec(mail!.text)![1]!;
}

const confirm = (token: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/release-notices/confirm',
    remoteAddress: nextClientAddress(),
    payload: { token },
  });

async function releaseDragonsClarity() {
  const product = testApp.app.catalogue.getCourse('dragons-clarity')!.product;
  product.comingSoon = false; // as when its release date comes
  try {
    await sendReleaseNotices(testApp.app);
    await sendReleaseNotices(testApp.app);
  } finally {
    product.comingSoon = true;
  }
}

const releaseMails = (email: string) =>
  testApp.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, "Dragon's Clarity is open")));

describe('POST /api/courses/:courseId/release-notice', () => {
  it('keeps one row per address and course and mails one confirmation link, however often a visitor asks', async () => {
    const email = `visitor-${Date.now()}@example.com`;
    const first = await ask('dragons-clarity', { email: email.toUpperCase() });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      message: `Almost there: we sent a link to ${email}. Open it to confirm, and we will write to you when the course opens.`,
    });
    expect((await ask('dragons-clarity', { email })).statusCode).toBe(200);
    expect(await noticesFor(email)).toMatchObject([{ confirmedAt: null }]);
    const mails = await confirmationMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Confirm: tell me when Dragon's Clarity opens");
    expect(mails[0]!.text).toContain('without your confirmation we will not write again');
  });

  it("takes a signed-in learner's confirmed address from the session, in one click, with no link to follow", async () => {
    const learner = await createUser(testApp.app);
    const response = await ask('phoenix-ascension', { email: 'someone-else@example.com' }, learner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'We will write to you when Phoenix Ascension opens.',
    });
    expect(await noticesFor('someone-else@example.com')).toHaveLength(0);
    expect(await noticesFor(learner.email.toLowerCase())).toMatchObject([
      { courseId: 'phoenix-ascension', userId: learner.id, confirmedAt: expect.any(Date) },
    ]);
    expect(await confirmationMails(learner.email.toLowerCase())).toHaveLength(0);
  });

  it('asks a learner whose account address is not confirmed yet to confirm it by the link', async () => {
    const learner = await createUser(testApp.app, { isVerified: false });
    const response = await ask('phoenix-ascension', {}, learner);
    expect(response.json().message).toContain('Almost there');
    expect(await confirmationMails(learner.email.toLowerCase())).toHaveLength(1);
  });

  it.each([
    ['a visitor without an address', 'dragons-clarity', {}, 400, 'Please enter your email address'],
    [
      'a bad address',
      'dragons-clarity',
      { email: 'nope' },
      400,
      'Please enter a valid email address',
    ],
    [
      'an open course',
      'energy-sovereignty',
      { email: 'a@example.com' },
      400,
      'Energy Sovereignty is already open.',
    ],
    ['an unknown course', 'no-such-course', { email: 'a@example.com' }, 404, 'Course not found'],
  ])('refuses %s', async (_case, courseId, payload, status, message) => {
    const response = await ask(courseId, payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toContain(message);
  });

  it('mails nothing about the course to an address that was never confirmed', async () => {
    const email = `unconfirmed-${Date.now()}@example.com`;
    await ask('dragons-clarity', { email });
    await releaseDragonsClarity();
    expect(await releaseMails(email)).toHaveLength(0);
    expect(await noticesFor(email)).toMatchObject([{ notifiedAt: null }]);
  });

  it('mails each confirmed address once when the course is released', async () => {
    const email = `waiting-${Date.now()}@example.com`;
    await ask('dragons-clarity', { email });
    const confirmed = await confirm(await confirmationToken(email));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      message: "We will write to you when Dragon's Clarity opens.",
    });
    await sendReleaseNotices(testApp.app);
    expect(await noticesFor(email)).toMatchObject([{ notifiedAt: null }]);

    await releaseDragonsClarity();
    const mails = await releaseMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("You asked us to tell you when Dragon's Clarity opens.");
  });
});

describe('POST /api/release-notices/confirm', () => {
  it('confirms once; opening the link again changes nothing', async () => {
    const email = `twice-${Date.now()}@example.com`;
    await ask('dragons-clarity', { email });
    const token = await confirmationToken(email);
    expect((await confirm(token)).statusCode).toBe(200);
    const [first] = await noticesFor(email);
    expect((await confirm(token)).statusCode).toBe(200);
    expect((await noticesFor(email))[0]!.confirmedAt).toEqual(first!.confirmedAt);
  });

  it.each([
    ['a made-up token', 'made-up'],
    ['a token signed for another link', 'YQ.bm90LWEtc2lnbmF0dXJl'],
  ])('refuses %s', async (_case, token) => {
    const response = await confirm(token);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('This confirmation link is not valid.');
  });

  it('refuses a newsletter unsubscribe token: each link is signed for its own purpose', async () => {
    const email = `purpose-${Date.now()}@example.com`;
    await ask('dragons-clarity', { email });
    const [row] = await noticesFor(email);
    const response = await confirm(
      signToken(testApp.app.config.authSecret, 'newsletter-unsubscribe', row!.id),
    );
    expect(response.statusCode).toBe(400);
  });

  it('refuses a token longer than any link we send, before reading it', async () => {
    const response = await confirm('a'.repeat(201));
    expect(response.statusCode).toBe(400);
  });
});
