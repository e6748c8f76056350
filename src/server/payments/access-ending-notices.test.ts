import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseType } from '../../shared/rules/access.ts';
import { enrollInCourses } from '../access/enrollments.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createUser } from '../testing/users.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const COURSE = 'sovereign-flame';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ APP_URL: 'https://flame.example' });
});
afterAll(() => testApp.close());

/** A learner whose year with the course ends at `endsAt`. */
async function learnerEndingAt(endsAt: Date, purchaseType: PurchaseType = 'individual') {
  const learner = await createUser(testApp.app);
  await enrollInCourses(testApp.db, {
    userId: learner.id,
    courseIds: [COURSE],
    purchaseType,
    source: 'purchase',
    expiresAt: endsAt,
    now: new Date(endsAt.getTime() - 365 * DAY_MS),
  });
  return learner;
}

const daysFrom = (moment: Date, days: number) => new Date(moment.getTime() + days * DAY_MS);

const endingMails = (email: string) =>
  testApp.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, 'Your %')))
    .orderBy(mailOutbox.id);

describe("the mails before and when a bought course's year ends", () => {
  it('tells 30 days before, 7 days before and on the day, each once, with the course page to go on from', async () => {
    const endsAt = new Date('2032-05-20T10:00:00Z');
    const learner = await learnerEndingAt(endsAt);

    await testApp.app.clock.tick(daysFrom(endsAt, -31));
    expect(await endingMails(learner.email)).toHaveLength(0);

    await testApp.app.clock.tick(daysFrom(endsAt, -30));
    await testApp.app.clock.tick(daysFrom(endsAt, -29));
    const [first] = await endingMails(learner.email);
    expect(await endingMails(learner.email)).toHaveLength(1);
    expect(first!.subject).toBe('Your access to The Sovereign Flame ends on May 20, 2032');
    expect(first!.text).toContain('in 30 days');
    expect(first!.text).toContain('https://flame.example/courses/sovereign-flame');

    await testApp.app.clock.tick(daysFrom(endsAt, -7));
    await testApp.app.clock.tick(daysFrom(endsAt, -1));
    expect((await endingMails(learner.email)).map((mail) => mail.text)).toEqual([
      expect.stringContaining('in 30 days'),
      expect.stringContaining('in 7 days'),
    ]);

    await testApp.app.clock.tick(daysFrom(endsAt, 0.01));
    await testApp.app.clock.tick(daysFrom(endsAt, 1));
    const mails = await endingMails(learner.email);
    expect(mails).toHaveLength(3);
    expect(mails[2]!.subject).toBe('Your year with The Sovereign Flame has ended');
    expect(mails[2]!.text).toContain('Your progress and reflections are kept in your account');
  });

  it('sends one mail when two processes tick at the same moment', async () => {
    const endsAt = new Date('2033-01-10T00:00:00Z');
    const learner = await learnerEndingAt(endsAt);
    const moment = daysFrom(endsAt, -6);
    await Promise.all([testApp.app.clock.tick(moment), testApp.app.clock.tick(moment)]);
    expect(await endingMails(learner.email)).toHaveLength(1);
  });

  it('sends only the nearest notice when the end is found late, and none for an end long past', async () => {
    const soon = new Date('2034-03-01T00:00:00Z');
    const late = await learnerEndingAt(soon);
    await testApp.app.clock.tick(daysFrom(soon, -5));
    expect((await endingMails(late.email)).map((mail) => mail.text)).toEqual([
      expect.stringContaining('in 7 days'),
    ]);

    const longAgo = new Date('2035-03-01T00:00:00Z');
    const gone = await learnerEndingAt(longAgo);
    await testApp.app.clock.tick(daysFrom(longAgo, 10));
    expect(await endingMails(gone.email)).toHaveLength(0);
  });

  it('says nothing of beta access, which tells its own end', async () => {
    const endsAt = new Date('2036-03-01T00:00:00Z');
    const tester = await learnerEndingAt(endsAt, 'beta');
    await testApp.app.clock.tick(daysFrom(endsAt, -6));
    expect(await endingMails(tester.email)).toHaveLength(0);
  });

  it('tells the next end afresh after the course is bought again', async () => {
    const endsAt = new Date('2037-03-01T00:00:00Z');
    const learner = await learnerEndingAt(endsAt);
    await testApp.app.clock.tick(daysFrom(endsAt, -30));
    await testApp.app.clock.tick(daysFrom(endsAt, 0));

    const renewedAt = daysFrom(endsAt, 2);
    await enrollInCourses(testApp.db, {
      userId: learner.id,
      courseIds: [COURSE],
      purchaseType: 'individual',
      source: 'purchase',
      now: renewedAt,
    });
    await testApp.app.clock.tick(daysFrom(renewedAt, 365 - 30));
    const mails = await endingMails(learner.email);
    expect(mails).toHaveLength(3);
    expect(mails[2]!.subject).toBe('Your access to The Sovereign Flame ends on Mar 3, 2038');
  });
});
