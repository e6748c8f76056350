import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/mail.ts';
import { releaseNotices } from '../db/schema/catalogue.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createUser, type TestUser } from '../testing/users.ts';
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
    headers: user ? { cookie: user.cookie } : {},
    payload,
  });

const noticesFor = (email: string) =>
  testApp.db.select().from(releaseNotices).where(eq(releaseNotices.email, email));

describe('POST /api/courses/:courseId/release-notice', () => {
  it('keeps one row per address and course, however often a visitor asks', async () => {
    const email = `visitor-${Date.now()}@example.com`;
    const first = await ask('dragons-clarity', { email: email.toUpperCase() });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: "We will write to you when Dragon's Clarity opens." });
    expect((await ask('dragons-clarity', { email })).statusCode).toBe(200);
    expect(await noticesFor(email)).toHaveLength(1);
  });

  it("takes a signed-in learner's address from the session, in one click", async () => {
    const learner = await createUser(testApp.app);
    const response = await ask('phoenix-ascension', { email: 'someone-else@example.com' }, learner);
    expect(response.statusCode).toBe(200);
    expect(await noticesFor('someone-else@example.com')).toHaveLength(0);
    expect(await noticesFor(learner.email.toLowerCase())).toMatchObject([
      { courseId: 'phoenix-ascension', userId: learner.id },
    ]);
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

  it('mails each waiting address once when the course is released', async () => {
    const email = `waiting-${Date.now()}@example.com`;
    await ask('dragons-clarity', { email });
    const product = testApp.app.catalogue.getCourse('dragons-clarity')!.product;
    await sendReleaseNotices(testApp.app);
    expect(await noticesFor(email)).toMatchObject([{ notifiedAt: null }]);

    product.comingSoon = false; // as at the first start after the course's release
    try {
      await sendReleaseNotices(testApp.app);
      await sendReleaseNotices(testApp.app);
    } finally {
      product.comingSoon = true;
    }
    const mails = await testApp.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, "Dragon's Clarity is open")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("You asked us to tell you when Dragon's Clarity opens.");
  });
});
