import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentChanges, courseDrafts } from '../db/schema/content.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createUser } from '../testing/users.ts';
import { insertPublishedVersion } from './course-drafts.ts';
import { readPublishedDocuments, SEED_ACTOR } from './published-content.ts';
import { releaseMomentOf } from './release-due-courses.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ CREATOR_TIME_ZONE: 'Europe/Berlin' });
  // The creator gave Dragon's Clarity, coming soon, a release date.
  const documents = await readPublishedDocuments(testApp.db);
  const course = documents!.courses.find((candidate) => candidate.id === 'dragons-clarity')!;
  await insertPublishedVersion(testApp.db, SEED_ACTOR, { ...course, releaseDate: '2031-03-01' });
  await testApp.app.catalogue.reload();
});
afterAll(() => testApp.close());

const isComingSoon = () => testApp.app.catalogue.getCourse('dragons-clarity')!.product.comingSoon;
const releaseMails = (email: string) =>
  testApp.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, "Dragon's Clarity is open")));

describe('the clock and a release date', () => {
  it('opens the course at the start of its day in the creator’s zone, and tells who asked, once', async () => {
    const learner = await createUser(testApp.app);
    const email = learner.email.toLowerCase();
    const asked = await testApp.as(learner).post('/api/courses/dragons-clarity/release-notice', {});
    expect(asked.statusCode).toBe(200);

    // Midnight in Berlin is 23:00 the day before in UTC.
    await testApp.app.clock.tick(new Date('2031-02-28T22:59:00Z'));
    expect(isComingSoon()).toBe(true);
    expect(await releaseMails(email)).toHaveLength(0);

    await testApp.app.clock.tick(new Date('2031-02-28T23:00:00Z'));
    expect(isComingSoon()).toBe(false);
    const course = await testApp.as(undefined).get('/api/courses/dragons-clarity');
    expect(course.json()).toMatchObject({ product: { comingSoon: false } });
    await testApp.app.clock.tick(new Date('2031-02-28T23:01:00Z'));
    expect(await releaseMails(email)).toHaveLength(1);

    const [draft] = await testApp.db
      .select()
      .from(courseDrafts)
      .where(eq(courseDrafts.courseId, 'dragons-clarity'));
    expect(draft!.document.comingSoon).toBe(false);
    const changes = await testApp.db
      .select()
      .from(contentChanges)
      .where(eq(contentChanges.actorEmail, 'the release date'));
    expect(changes).toMatchObject([{ courseId: 'dragons-clarity', action: 'published' }]);
  });

  it('reads a release date as UTC when the creator gave no time zone', () => {
    expect(releaseMomentOf('2031-03-01').toISOString()).toBe('2031-03-01T00:00:00.000Z');
  });
});
