import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPreferences } from '../../shared/rules/account.ts';
import {
  claimSilentEnrollments,
  enrollInCourses,
  updateEnrollmentProgress,
} from '../access/enrollments.ts';
import { insertPublishedVersion } from '../content/course-drafts.ts';
import { readPublishedDocuments, SEED_ACTOR } from '../content/published-content.ts';
import { users } from '../db/schema/auth.ts';
import { companionMessages, companionSafetyEvents } from '../db/schema/companion.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { waitForMailTo } from '../testing/mail.ts';
import { createUser, type TestUser } from '../testing/users.ts';
import { unsubscribeToken } from './lifecycle-mail.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFrom = (moment: Date, days: number) => new Date(moment.getTime() + days * DAY_MS);

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ APP_URL: 'https://flame.example' });
});
afterAll(() => testApp.close());

const mailsTo = (email: string, subject = '%') =>
  testApp.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, subject)))
    .orderBy(mailOutbox.id);

async function setSwitches(user: TestUser, preferences: Partial<NotificationPreferences>) {
  const saved = await testApp.as(user).patch('/api/account/settings', {
    notificationPreferences: preferences,
  });
  expect(saved.statusCode).toBe(200);
}

const switchesOf = async (user: TestUser) =>
  (await testApp.as(user).get('/api/account/settings')).json<{
    notificationPreferences: NotificationPreferences;
  }>().notificationPreferences;

async function enrolledAt(user: TestUser, courseId: string, now: Date) {
  await enrollInCourses(testApp.db, {
    userId: user.id,
    courseIds: [courseId],
    purchaseType: 'individual',
    source: 'purchase',
    now,
  });
}

async function buyInTestMode(user: TestUser, courseId: string) {
  const started = await testApp.as(user).post('/api/create-checkout-session', {
    lineItems: [{ price: courseId, quantity: 1 }],
    customerEmail: user.email,
    metadata: { isBundle: 'false', customerName: 'Maya Stone' },
  });
  expect(started.statusCode).toBe(200);
  const { id } = started.json<{ id: string }>();
  const paid = await testApp.as(user).post(`/api/checkout/test-sessions/${id}/pay`, {});
  expect(paid.statusCode).toBe(200);
}

describe('the welcome into a course', () => {
  it('welcomes a buyer with where to begin and a one-click unsubscribe tied to Email Notifications', async () => {
    const learner = await createUser(testApp.app, { firstName: 'Maya' });
    await buyInTestMode(learner, 'energy-sovereignty');
    const [welcome] = await mailsTo(learner.email, 'Welcome to%');
    expect(welcome!.subject).toBe('Welcome to Energy Sovereignty');
    expect(welcome!.text).toContain('Hello Maya');
    expect(welcome!.text).toContain('https://flame.example/courses/energy-sovereignty');
    const token = unsubscribeToken(
      testApp.app.config.authSecret,
      learner.id,
      'email_notifications',
    );
    const query = `token=${encodeURIComponent(token)}`;
    expect(welcome!.text).toContain(`https://flame.example/notifications/unsubscribe?${query}`);
    expect(welcome!.headers).toEqual({
      'List-Unsubscribe': `<https://flame.example/api/notifications/unsubscribe?${query}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('sends no welcome to a buyer whose Email Notifications is off; the receipt still goes', async () => {
    const learner = await createUser(testApp.app);
    await setSwitches(learner, { email_notifications: false });
    await buyInTestMode(learner, 'energy-sovereignty');
    await waitForMailTo(testApp.db, learner.email, 'Your Sovereign Flame receipt');
    expect(await mailsTo(learner.email, 'Welcome%')).toHaveLength(0);
  });
});

describe('course updates on the clock', () => {
  it('tells the learners of a course of its new lessons once, each switch honoured', async () => {
    const start = new Date('2041-01-10T09:00:00Z');
    const [reader, noUpdates, noMail, otherCourse] = await Promise.all([
      createUser(testApp.app, { firstName: 'Reader' }),
      createUser(testApp.app),
      createUser(testApp.app),
      createUser(testApp.app),
    ]);
    for (const learner of [reader, noUpdates, noMail]) {
      await enrolledAt(learner, 'energy-sovereignty', start);
    }
    await enrolledAt(otherCourse, 'sovereign-flame', start);
    await setSwitches(noUpdates, { course_updates: false });
    await setSwitches(noMail, { email_notifications: false });

    // The first tick takes the programme as it is: nobody hears of lessons that were there.
    await testApp.app.clock.tick(start);
    expect(await mailsTo(reader.email, '%lesson%')).toHaveLength(0);

    const documents = await readPublishedDocuments(testApp.db);
    const course = documents!.courses.find((candidate) => candidate.id === 'energy-sovereignty')!;
    const [firstModule, ...others] = course.modules;
    const lesson = { ...firstModule!.lessons[0]!, id: 'breathing-space', title: 'Breathing Space' };
    await insertPublishedVersion(testApp.db, SEED_ACTOR, {
      ...course,
      modules: [{ ...firstModule!, lessons: [...firstModule!.lessons, lesson] }, ...others],
    });
    await testApp.app.catalogue.reload();

    const moment = daysFrom(start, 1);
    await Promise.all([testApp.app.clock.tick(moment), testApp.app.clock.tick(moment)]);
    await testApp.app.clock.tick(daysFrom(start, 2));
    const told = await mailsTo(reader.email, '%lesson%');
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe('A new lesson in Energy Sovereignty: Breathing Space');
    expect(told[0]!.text).toContain('- Breathing Space');
    expect(told[0]!.headers?.['List-Unsubscribe']).toContain(
      encodeURIComponent(
        unsubscribeToken(testApp.app.config.authSecret, reader.id, 'course_updates'),
      ),
    );
    for (const quiet of [noUpdates, noMail, otherCourse]) {
      expect(await mailsTo(quiet.email, '%lesson%')).toHaveLength(0);
    }
  });

  it('tells those who bought a course ahead when it opens, unless they asked to be told already', async () => {
    const start = new Date('2042-01-10T09:00:00Z');
    const [ahead, asked] = await Promise.all([createUser(testApp.app), createUser(testApp.app)]);
    await enrolledAt(ahead, 'dragons-clarity', start);
    await enrolledAt(asked, 'dragons-clarity', start);
    await testApp.as(asked).post('/api/courses/dragons-clarity/release-notice', {});
    await testApp.app.clock.tick(start);

    const documents = await readPublishedDocuments(testApp.db);
    const course = documents!.courses.find((candidate) => candidate.id === 'dragons-clarity')!;
    await insertPublishedVersion(testApp.db, SEED_ACTOR, { ...course, comingSoon: false });
    await testApp.app.catalogue.reload();
    await testApp.app.clock.tick(daysFrom(start, 1));
    await testApp.app.clock.tick(daysFrom(start, 2));

    const [opened] = await mailsTo(ahead.email, "Dragon's Clarity is open");
    expect(opened!.text).toContain("Dragon's Clarity, which you have, is open now");
    expect(await mailsTo(ahead.email, "Dragon's Clarity is open")).toHaveLength(1);
    // The one who asked has the release notice alone.
    const toAsker = await mailsTo(asked.email, "Dragon's Clarity is open");
    expect(toAsker.map((mail) => mail.text)).toEqual([
      expect.stringContaining('You asked us to tell you'),
    ]);
  });
});

describe('a gentle word after a long silence', () => {
  const nudges = (user: TestUser) => mailsTo(user.email, 'Your course is here whenever%');

  it('writes once after three weeks without a visit, and again only after a visit and a new silence', async () => {
    const start = new Date('2043-03-01T09:00:00Z');
    const learner = await createUser(testApp.app, { firstName: 'Quiet' });
    await enrolledAt(learner, 'sovereign-flame', start);

    await testApp.app.clock.tick(daysFrom(start, 20));
    expect(await nudges(learner)).toHaveLength(0);
    await testApp.app.clock.tick(daysFrom(start, 21));
    await testApp.app.clock.tick(daysFrom(start, 30));
    const [nudge] = await nudges(learner);
    expect(await nudges(learner)).toHaveLength(1);
    expect(nudge!.text).toContain('The Sovereign Flame is here whenever you want to come back');
    expect(nudge!.text).toContain('no hurry');
    expect(nudge!.text).not.toMatch(/streak|missed|days in a row/i);
    expect(nudge!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    await updateEnrollmentProgress(testApp.db, {
      userId: learner.id,
      courseId: 'sovereign-flame',
      progress: 10,
      now: daysFrom(start, 31),
    });
    await testApp.app.clock.tick(daysFrom(start, 45));
    expect(await nudges(learner)).toHaveLength(1);
    await testApp.app.clock.tick(daysFrom(start, 52));
    expect(await nudges(learner)).toHaveLength(2);
  });

  it('claims a day of silences a batch at a time, each once', async () => {
    const start = new Date('2046-03-01T09:00:00Z');
    for (let count = 0; count < 3; count++) {
      await enrolledAt(await createUser(testApp.app), 'dragons-clarity', start);
    }
    const claim = () =>
      claimSilentEnrollments(testApp.db, {
        courseIds: ['dragons-clarity'],
        silentSince: daysFrom(start, 1),
        notBefore: daysFrom(start, -1),
        now: daysFrom(start, 21),
        batch: 2,
      });
    expect(await claim()).toHaveLength(2);
    expect(await claim()).toHaveLength(1);
    expect(await claim()).toHaveLength(0);
  });

  it('never writes to a learner whose last words met the safety response, nor with the switch off', async () => {
    const start = new Date('2044-03-01T09:00:00Z');
    const [atRisk, cameThrough, switchedOff] = await Promise.all([
      createUser(testApp.app),
      createUser(testApp.app),
      createUser(testApp.app),
    ]);
    for (const learner of [atRisk, cameThrough, switchedOff]) {
      await enrolledAt(learner, 'sovereign-flame', start);
    }
    await setSwitches(switchedOff, { email_notifications: false });
    const event = { path: 'chat', mode: 'ai', signal: 'detector' } as const;
    await testApp.db.insert(companionSafetyEvents).values([
      { ...event, userId: atRisk.id, createdAt: daysFrom(start, -2) },
      { ...event, userId: cameThrough.id, createdAt: daysFrom(start, -2) },
    ]);
    // Later, words that were not at risk.
    await testApp.db.insert(companionMessages).values({
      userId: cameThrough.id,
      courseId: 'sovereign-flame',
      sender: 'user',
      content: 'sealed',
      createdAt: daysFrom(start, -1),
    });

    await testApp.app.clock.tick(daysFrom(start, 22));
    expect(await nudges(atRisk)).toHaveLength(0);
    expect(await nudges(switchedOff)).toHaveLength(0);
    expect(await nudges(cameThrough)).toHaveLength(1);
  });
});

describe('one-click unsubscribe', () => {
  const url = (token: string) =>
    `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

  it('turns the switch off for a POST without a session, as mail providers send it', async () => {
    const learner = await createUser(testApp.app);
    const token = unsubscribeToken(testApp.app.config.authSecret, learner.id, 'course_updates');
    const response = await testApp.app.inject({
      method: 'POST',
      url: url(token),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unsubscribed: true, switch: 'course_updates' });
    expect(await switchesOf(learner)).toEqual({
      email_notifications: true,
      course_updates: false,
      marketing_emails: false,
    });
    // Pressed again, from the page: the same answer.
    expect((await testApp.as(undefined).post(url(token), {})).statusCode).toBe(200);
  });

  it('changes nothing on a GET: it leads to the page that asks first', async () => {
    const learner = await createUser(testApp.app);
    const token = unsubscribeToken(
      testApp.app.config.authSecret,
      learner.id,
      'email_notifications',
    );
    const response = await testApp.as(undefined).get(url(token));
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      `/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
    );
    expect((await switchesOf(learner)).email_notifications).toBe(true);
  });

  it('refuses a token not signed here, or whose switch was changed, with a clear message', async () => {
    const learner = await createUser(testApp.app);
    const forged = unsubscribeToken('another-secret', learner.id, 'course_updates');
    const own = unsubscribeToken(testApp.app.config.authSecret, learner.id, 'course_updates');
    const moved = own.replace(/^course_updates\./, 'marketing_emails.');
    expect(moved).not.toBe(own);
    for (const token of [forged, moved, 'made-up']) {
      const response = await testApp.as(undefined).post(url(token), {});
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'bad_request', message: 'This unsubscribe link is not valid.' },
      });
    }
    expect((await switchesOf(learner)).course_updates).toBe(true);
    const missing = await testApp.as(undefined).post('/api/notifications/unsubscribe', {});
    expect(missing.statusCode).toBe(400);
    const long = await testApp.as(undefined).post(url('x'.repeat(601)), {});
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      error: { message: expect.stringContaining('token is too long') },
    });
  });

  it('answers a link of a deleted account without an error', async () => {
    const learner = await createUser(testApp.app);
    const token = unsubscribeToken(testApp.app.config.authSecret, learner.id, 'course_updates');
    await testApp.db.delete(users).where(eq(users.id, learner.id));
    expect((await testApp.as(undefined).post(url(token), {})).statusCode).toBe(200);
  });
});
