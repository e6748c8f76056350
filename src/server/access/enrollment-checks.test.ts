import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseAccessType, purchaseTypes } from '../../shared/rules/access.ts';
import { paymentModes, type PaymentMode } from '../config.ts';
import { courseEnrollments } from '../db/schema/access.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createUser } from '../testing/users.ts';
import { getAccessFacts } from './course-access.ts';
import { enrollmentGrantsAccessSql } from './enrollment-checks.ts';

const COURSE_ID = 'energy-sovereignty';
const MINUTE_MS = 60 * 1000;

let testApp: TestApp;
let userId: string;
beforeAll(async () => {
  testApp = await buildTestApp();
  userId = (await createUser(testApp.app)).id;
});
afterAll(() => testApp.close());

/** Never, or between a minute and a year from now either way: clear of the clocks' difference. */
const expiry = fc.oneof(
  fc.constant(null),
  fc
    .integer({ min: 1, max: 525_600 })
    .chain((minutes) => fc.constantFrom(minutes, -minutes))
    .map((minutes) => new Date(Date.now() + minutes * MINUTE_MS)),
);

const enrollment = fc.record({
  expiresAt: expiry,
  isTestPayment: fc.boolean(),
  purchaseType: fc.constantFrom(...purchaseTypes),
});

async function sqlGrantsAccess(paymentMode: PaymentMode): Promise<boolean> {
  const { rows } = await testApp.db.execute<{ granted: boolean }>(
    sql`select ${enrollmentGrantsAccessSql(userId, COURSE_ID, paymentMode)} as granted`,
  );
  return rows[0]!.granted;
}

/** The access facts as the app reads them, in the given payment mode. */
async function tsGrantsAccess(paymentMode: PaymentMode): Promise<boolean> {
  const { app } = testApp;
  const inMode = {
    db: app.db,
    accessSources: app.accessSources,
    config: { ...app.config, paymentMode },
  } as unknown as FastifyInstance;
  const facts = await getAccessFacts(inMode, { id: userId, role: 'user' });
  return courseAccessType(COURSE_ID, facts) !== 'none';
}

describe('enrollmentGrantsAccessSql', () => {
  it('agrees with courseAccessType on every enrollment, in both payment modes', async () => {
    await fc.assert(
      fc.asyncProperty(enrollment, fc.constantFrom(...paymentModes), async (row, paymentMode) => {
        await testApp.db.delete(courseEnrollments).where(eq(courseEnrollments.userId, userId));
        await testApp.db.insert(courseEnrollments).values({ userId, courseId: COURSE_ID, ...row });
        expect(await sqlGrantsAccess(paymentMode)).toBe(await tsGrantsAccess(paymentMode));
      }),
      { numRuns: 150 },
    );
  });
});
