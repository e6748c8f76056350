import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safetyPlanSections, type SafetyPlan } from '../../shared/api/companion.ts';
import { safetyPlans } from '../db/schema/companion.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createUser, TEST_PASSWORD, type TestUser } from '../testing/users.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

const url = '/api/companion/safety-plan';
const blank = Object.fromEntries(safetyPlanSections.map(({ key }) => [key, ''])) as SafetyPlan;
const plan: SafetyPlan = {
  ...blank,
  warningSigns: 'I stop answering messages and stay in bed past noon.',
  peopleToAsk: 'My sister Ana, 0612 345 678',
  reasonsToLive: 'My dog, and the garden in spring.',
};

const call = (method: 'GET' | 'PUT', user: TestUser | undefined, payload?: object) =>
  testApp.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, payload });

describe('the safety plan', () => {
  it('is empty until the learner writes it, then reads back as written, encrypted at rest', async () => {
    const learner = await createUser(testApp.app);
    expect((await call('GET', learner)).json()).toEqual({ plan: blank, updatedAt: null });

    const saved = await call('PUT', learner, plan);
    expect(saved.statusCode).toBe(200);
    const read = (await call('GET', learner)).json();
    expect(read.plan).toEqual(plan);
    expect(read.updatedAt).toEqual(expect.any(String));

    const [row] = await testApp.db
      .select()
      .from(safetyPlans)
      .where(eq(safetyPlans.userId, learner.id));
    expect(row!.plan).toMatch(/^v2\./);
    expect(row!.plan).not.toContain('Ana');
  });

  it('keeps words about what it guards against without answering them as a crisis', async () => {
    const learner = await createUser(testApp.app);
    const written = { ...plan, warningSigns: 'When I start thinking about killing myself again.' };
    const saved = await call('PUT', learner, written);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().plan.warningSigns).toBe(written.warningSigns);
  });

  it("is each learner's own: another learner reads only their own, empty plan", async () => {
    const owner = await createUser(testApp.app);
    const other = await createUser(testApp.app);
    await call('PUT', owner, plan);
    const read = await call('GET', other);
    expect(read.json()).toEqual({ plan: blank, updatedAt: null });
    expect(read.body).not.toContain('Ana');
  });

  it('goes with the export and with the account', async () => {
    const learner = await createUser(testApp.app);
    await call('PUT', learner, plan);
    const exported = await testApp.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: { cookie: learner.cookie },
    });
    expect(exported.json().companion.safetyPlan.plan).toEqual(plan);
    const deleted = await testApp.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: { cookie: learner.cookie },
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    expect(
      await testApp.db.select().from(safetyPlans).where(eq(safetyPlans.userId, learner.id)),
    ).toEqual([]);
  });

  it.each([
    ['a part over 2,000 characters', { ...plan, copingSteps: 'x'.repeat(2_001) }, 'copingSteps'],
    ['a part missing', { warningSigns: 'x' }, 'copingSteps'],
    ['a part the plan does not have', { ...plan, diagnosis: 'x' }, 'diagnosis'],
  ])('refuses %s with 400 naming it', async (_case, body, field) => {
    const learner = await createUser(testApp.app);
    const response = await call('PUT', learner, body);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().error)).toContain(field);
  });

  it('answers 401 without a session', async () => {
    expect((await call('GET', undefined)).statusCode).toBe(401);
    expect((await call('PUT', undefined, plan)).statusCode).toBe(401);
  });
});
