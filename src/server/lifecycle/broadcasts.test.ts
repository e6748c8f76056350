import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Broadcast, BroadcastPreview } from '../../shared/api/broadcasts.ts';
import { enrollInCourses } from '../access/enrollments.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { listSubscriberEmails, newsletterEmail } from '../marketing/newsletter.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { waitForMailTo } from '../testing/mail.ts';
import { confirmFreshSecondFactor } from '../testing/second-factor.ts';
import { createAdmin, createUser, type TestAdmin, type TestUser } from '../testing/users.ts';
import { sendDueBroadcasts, type NewsletterSource } from './broadcasts.ts';

let testApp: TestApp;
let admin: TestAdmin;
let newsletter: NewsletterSource;
beforeAll(async () => {
  testApp = await buildTestApp({ APP_URL: 'https://flame.example' });
  admin = await createAdmin(testApp.app, testApp.db);
  newsletter = {
    listSubscriberEmails: () => listSubscriberEmails(testApp.db),
    newsletterMail: (message) => newsletterEmail(testApp.app.config, message),
  };
});
afterAll(() => testApp.close());

const mailsTo = (email: string, subject: string) =>
  testApp.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, subject)));

async function learnerWithMarketing(isOn: boolean): Promise<TestUser> {
  const learner = await createUser(testApp.app);
  await testApp.as(learner).patch('/api/account/settings', {
    notificationPreferences: { marketing_emails: isOn },
  });
  return learner;
}

const letter = (subject: string, segment = 'course-buyers', courseId = 'phoenix-ascension') => ({
  subject,
  body: 'A new season of the programme begins.',
  segment,
  courseId,
});

describe('broadcasts', () => {
  it('previews, tests to the admin, schedules behind a fresh second factor, and sends at a bounded rate when the clock comes', async () => {
    const [reading, quiet, alsoReading] = await Promise.all([
      learnerWithMarketing(true),
      learnerWithMarketing(false),
      learnerWithMarketing(true),
    ]);
    for (const learner of [reading, quiet, alsoReading]) {
      await enrollInCourses(testApp.db, {
        userId: learner.id,
        courseIds: ['phoenix-ascension'],
        purchaseType: 'individual',
        source: 'purchase',
        now: new Date('2045-03-01T00:00:00Z'),
      });
    }
    const draft = letter('The spring circle');

    const preview = await testApp.as(admin).post('/api/admin/broadcasts/preview', draft);
    expect(preview.statusCode).toBe(200);
    const shown = preview.json<BroadcastPreview>();
    expect(shown.recipients).toBe(2);
    expect(shown.text).toContain('A new season of the programme begins.');
    expect(shown.text).toContain('Marketing Emails is on in your Settings');

    const tested = await testApp.as(admin).post('/api/admin/broadcasts/test', draft);
    expect(tested.json()).toEqual({ sentTo: admin.email });
    expect(await mailsTo(admin.email, '[Test] The spring circle')).toHaveLength(1);

    const schedule = { draft, sendAt: '2045-04-01T08:00:00Z' };
    const stale = await testApp.as(admin).post('/api/admin/broadcasts', schedule);
    expect(stale.statusCode).toBe(403);
    await confirmFreshSecondFactor(testApp.app, admin);
    const scheduled = await testApp.as(admin).post('/api/admin/broadcasts', schedule);
    expect(scheduled.statusCode).toBe(200);
    const { id } = scheduled.json<Broadcast>();
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', handed: 0 });

    const sent = async () =>
      (await mailsTo(reading.email, 'The spring circle')).length +
      (await mailsTo(alsoReading.email, 'The spring circle')).length;
    await sendDueBroadcasts(testApp.app, newsletter, new Date('2045-04-01T07:59:00Z'), 1);
    expect(await sent()).toBe(0);
    // One a minute at this rate; two processes ticking together hand out one batch, and so does
    // a tick asked for soon, seconds after the minute's.
    const moment = new Date('2045-04-01T08:00:00Z');
    await Promise.all([
      sendDueBroadcasts(testApp.app, newsletter, moment, 1),
      sendDueBroadcasts(testApp.app, newsletter, moment, 1),
    ]);
    expect(await sent()).toBe(1);
    await sendDueBroadcasts(testApp.app, newsletter, new Date('2045-04-01T08:00:20Z'), 1);
    expect(await sent()).toBe(1);
    await sendDueBroadcasts(testApp.app, newsletter, new Date('2045-04-01T08:01:00Z'), 1);
    await sendDueBroadcasts(testApp.app, newsletter, new Date('2045-04-01T08:02:00Z'), 1);
    expect(await sent()).toBe(2);
    expect(await mailsTo(quiet.email, 'The spring circle')).toHaveLength(0);

    const [mail] = await mailsTo(reading.email, 'The spring circle');
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const listed = (await testApp.as(admin).get('/api/admin/broadcasts')).json<{
      broadcasts: Broadcast[];
    }>();
    expect(listed.broadcasts.find((broadcast) => broadcast.id === id)).toMatchObject({
      status: 'sent',
      handed: 2,
      delivered: 2,
      failed: 0,
      skipped: 1,
    });
  });

  it('writes to newsletter subscribers with the newsletter’s own unsubscribe, and not to those who left', async () => {
    const staying = `staying-${Date.now()}@example.com`;
    const leaving = `leaving-${Date.now()}@example.com`;
    for (const email of [staying, leaving]) {
      expect((await testApp.as(undefined).post('/api/newsletter', { email })).statusCode).toBe(200);
    }
    const welcome = await waitForMailTo(
      testApp.db,
      leaving,
      'Welcome to the Sovereign Flame letters',
    );
    const token = /unsubscribe\?token=(\S+)/.exec(welcome.text)![1]!;
    await testApp.as(undefined).post('/api/newsletter/unsubscribe', { token });

    const scheduled = await testApp.as(admin).post('/api/admin/broadcasts', {
      draft: { subject: 'Letters from the hearth', body: 'Hello friends.', segment: 'newsletter' },
      sendAt: '2046-01-01T08:00:00Z',
    });
    expect(scheduled.statusCode).toBe(200);
    await testApp.app.clock.tick(new Date('2046-01-01T08:00:30Z'));
    const [letterMail] = await mailsTo(staying, 'Letters from the hearth');
    expect(letterMail!.text).toContain('https://flame.example/unsubscribe?token=');
    expect(await mailsTo(leaving, 'Letters from the hearth')).toHaveLength(0);
  });

  it('refuses a letter without what it needs, with a clear message', async () => {
    const refusals: [object, string][] = [
      [{ ...letter('x'), courseId: undefined }, 'this segment needs a course'],
      [letter('x', 'course-buyers', 'no-such-course'), 'No course has this id.'],
      [{ ...letter('x'), subject: '' }, 'subject is required'],
      [{ ...letter('x'), segment: 'everyone' }, 'expected one of the segments'],
      [{ ...letter('x'), body: 'x'.repeat(20_001) }, 'the letter is too long'],
    ];
    for (const [draft, message] of refusals) {
      const response = await testApp.as(admin).post('/api/admin/broadcasts/preview', draft);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(message);
    }
  });

  it('is the admins’ alone: 401 without a session, 403 for a learner', async () => {
    const learner = await createUser(testApp.app);
    expect((await testApp.as(undefined).get('/api/admin/broadcasts')).statusCode).toBe(401);
    expect((await testApp.as(learner).get('/api/admin/broadcasts')).statusCode).toBe(403);
    const asLearner = await testApp.as(learner).post('/api/admin/broadcasts/test', letter('x'));
    expect(asLearner.statusCode).toBe(403);
  });

  it('stops a scheduled broadcast, which then sends nothing', async () => {
    const scheduled = await testApp.as(admin).post('/api/admin/broadcasts', {
      draft: letter('Never sent'),
      sendAt: '2047-01-01T08:00:00Z',
    });
    const { id } = scheduled.json<Broadcast>();
    const cancelled = await testApp.as(admin).delete(`/api/admin/broadcasts/${id}`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect((await testApp.as(admin).delete(`/api/admin/broadcasts/${id}`)).statusCode).toBe(404);
    await testApp.app.clock.tick(new Date('2047-01-01T09:00:00Z'));
    const [{ count }] = (
      await testApp.pool.query<{ count: string }>(
        `select count(*) from mail_outbox where subject = 'Never sent'`,
      )
    ).rows as [{ count: string }];
    expect(count).toBe('0');
  });
});
