import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessEvents } from '../db/schema/access.ts';
import { betaGrants } from '../db/schema/beta.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createAdmin, createUser, type TestUser } from '../testing/users.ts';
import { createBetaGrants } from './grant-beta-access.ts';

let testApp: TestApp;
let admin: TestUser;
beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await createAdmin(testApp.app, testApp.db);
});
afterAll(() => testApp.close());

describe('createBetaGrants', () => {
  it('grants each user beta access, recorded in the audit trail as the admin', async () => {
    const [first, second] = [await createUser(testApp.app), await createUser(testApp.app)];
    const expiresAt = new Date(Date.now() + 30 * 86_400_000);
    const grants = await createBetaGrants(testApp.app, {
      userIds: [first!.id, second!.id],
      courseIds: ['sovereign-flame'],
      expiresAt,
      grantedBy: admin.id,
      method: 'admin',
    });
    expect(grants.map((grant) => grant.userId)).toEqual([first!.id, second!.id]);
    expect(grants.every((grant) => grant.isActive && grant.grantMethod === 'admin')).toBe(true);
    const events = await testApp.db
      .select()
      .from(accessEvents)
      .where(inArray(accessEvents.userId, [first!.id, second!.id]));
    expect(
      events.map((event) => [event.courseId, event.action, event.source, event.actorId]),
    ).toEqual([
      ['sovereign-flame', 'grant', 'beta', admin.id],
      ['sovereign-flame', 'grant', 'beta', admin.id],
    ]);
  });

  it('records a grant of every course (an empty list) for each course of the catalogue', async () => {
    const learner = await createUser(testApp.app);
    const [grant] = await createBetaGrants(testApp.app, {
      userIds: [learner.id],
      courseIds: [],
      expiresAt: null,
      grantedBy: admin.id,
      method: 'email',
    });
    expect(grant).toMatchObject({ courseIds: [], expiresAt: null, grantMethod: 'email' });
    const events = await testApp.db
      .select()
      .from(accessEvents)
      .where(eq(accessEvents.userId, learner.id));
    expect(events.map((event) => event.courseId).sort()).toEqual(
      testApp.app.catalogue.courses.map((course) => course.id).sort(),
    );
  });

  it('refuses an unknown course or user and writes nothing', async () => {
    const learner = await createUser(testApp.app);
    const input = {
      userIds: [learner.id],
      courseIds: ['no-such-course'],
      expiresAt: null,
      grantedBy: admin.id,
      method: 'admin' as const,
    };
    await expect(createBetaGrants(testApp.app, input)).rejects.toMatchObject({
      statusCode: 400,
      message: 'Course not found: no-such-course',
    });
    await expect(
      createBetaGrants(testApp.app, {
        ...input,
        userIds: [learner.id, 'nobody'],
        courseIds: [],
      }),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(
      await testApp.db.select().from(betaGrants).where(eq(betaGrants.userId, learner.id)),
    ).toEqual([]);
  });
});
