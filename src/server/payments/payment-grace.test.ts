import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyAccessResponse } from '../../shared/api/access.ts';
import type { AdminUserDetail } from '../../shared/api/admin.ts';
import type { Dashboard } from '../../shared/api/dashboard.ts';
import type {
  CustomerSubscriptionsResponse,
  SubscriptionsAtRiskResponse,
} from '../../shared/api/payments.ts';
import { accessEvents } from '../db/schema/access.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { startFakeStripeServer, type FakeStripe } from '../testing/fake-stripe-server.ts';
import { createAdmin, createUser, type TestAdmin, type TestUser } from '../testing/users.ts';
import { saveStripeCustomerId } from '../users/users.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const GRACE_DAYS = 5;

let fakeStripe: FakeStripe;
let testApp: TestApp;
let admin: TestAdmin;

beforeAll(async () => {
  fakeStripe = await startFakeStripeServer();
  testApp = await buildTestApp({
    ...fakeStripe.environment,
    PAYMENT_GRACE_DAYS: String(GRACE_DAYS),
  });
  admin = await createAdmin(testApp.app, testApp.db);
});
afterAll(async () => {
  await testApp.close();
  await fakeStripe.close();
});

const deliver = (type: string, object: object) => {
  const event = fakeStripe.signedEvent(type, object);
  return testApp.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: event.headers,
    payload: event.payload,
  });
};

/** A learner subscribed to every course, as Stripe reports it. */
const subscriber = async () => {
  const learner = await createUser(testApp.app);
  const customer = fakeStripe.customers.size + 1;
  const customerId = `cus_grace_${customer}_${Date.now()}`;
  fakeStripe.customers.set(customerId, { id: customerId, object: 'customer' });
  await saveStripeCustomerId(testApp.db, learner.id, customerId);
  const subscription = fakeStripe.createSubscription(customerId);
  expect((await deliver('customer.subscription.created', subscription)).statusCode).toBe(200);
  return { learner, subscriptionId: subscription.id };
};

/** Stripe's two reports of a renewal attempt, in the order given. */
const renewal = async (
  subscriptionId: string,
  outcome: Parameters<FakeStripe['settleRenewal']>[1],
  order: 'invoice first' | 'subscription first' = 'invoice first',
) => {
  const { invoice, subscription } = fakeStripe.settleRenewal(subscriptionId, outcome);
  const invoiceType = outcome === 'paid' ? 'invoice.paid' : 'invoice.payment_failed';
  const reports: [string, object][] = [
    [invoiceType, invoice],
    ['customer.subscription.updated', subscription],
  ];
  if (order === 'subscription first') reports.reverse();
  for (const [type, object] of reports) expect((await deliver(type, object)).statusCode).toBe(200);
};

const accessOf = async (learner: TestUser) => {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/me/access',
    headers: { cookie: learner.cookie },
  });
  return new Set(response.json<MyAccessResponse>().courses.map((course) => course.accessType));
};

const ownSubscription = async (learner: TestUser) => {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/get-customer-subscriptions',
    headers: { cookie: learner.cookie },
  });
  return response.json<CustomerSubscriptionsResponse>().subscriptions[0]!;
};

const failureMails = (learner: TestUser) =>
  testApp.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, learner.email), like(mailOutbox.subject, '%did not go through')));

const eventsOf = async (learner: TestUser) =>
  (await testApp.db.select().from(accessEvents).where(eq(accessEvents.userId, learner.id))).map(
    (event) => event.action,
  );

const lesson = {
  courseId: 'energy-sovereignty',
  moduleId: 'reclaiming-your-field',
  lessonId: 'what-energy-sovereignty-means',
};

/** A lesson done with its reflections, as the lesson page does it. */
const completeFirstLesson = async (learner: TestUser) => {
  const client = testApp.as(learner);
  for (const promptId of ['most-sovereign-moment', 'what-is-asking-to-change']) {
    await client.put('/api/learning/reflections', {
      ...lesson,
      promptId,
      response: 'A reflection long enough to count. '.repeat(4),
    });
  }
  expect((await client.post('/api/learning/lesson-completions', lesson)).statusCode).toBe(200);
};

const progressOf = async (learner: TestUser) => {
  const dashboard = (await testApp.as(learner).get('/api/dashboard')).json<Dashboard>();
  return dashboard.courses.find((course) => course.id === lesson.courseId)!.progress;
};

const atRisk = async (cookie: string) =>
  testApp.app.inject({
    method: 'GET',
    url: '/api/admin/subscriptions-at-risk',
    headers: { cookie },
  });

describe('a renewal whose card is declined', () => {
  it('keeps the courses open through the grace, tells the learner once, and shows the admin', async () => {
    const { learner, subscriptionId } = await subscriber();
    const before = Date.now();
    await renewal(subscriptionId, 'declined');
    // Stripe retries the card: another failure in the same episode.
    await renewal(subscriptionId, 'declined', 'subscription first');

    expect(await accessOf(learner)).toEqual(new Set(['paid']));
    const subscription = await ownSubscription(learner);
    expect(subscription).toMatchObject({ status: 'past_due', accessPausedAt: null });
    const graceEndsAt = new Date(subscription.graceEndsAt!).getTime();
    expect(graceEndsAt).toBeGreaterThanOrEqual(before - 1000 + GRACE_DAYS * DAY_MS);
    expect(graceEndsAt).toBeLessThanOrEqual(Date.now() + GRACE_DAYS * DAY_MS);

    const mails = await failureMails(learner);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('http://localhost:3000/billing/update-card');
    expect(mails[0]!.text).toContain('Your courses stay open until');

    const listed = (await atRisk(admin.cookie)).json<SubscriptionsAtRiskResponse>();
    expect(listed.subscriptions).toContainEqual(
      expect.objectContaining({ id: subscriptionId, email: learner.email, accessPausedAt: null }),
    );
    expect(await eventsOf(learner)).not.toContain('revoke');
    const detail = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/users/${learner.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(detail.json<AdminUserDetail>().subscriptions).toEqual([
      expect.objectContaining({ isGranting: true, graceEndsAt: subscription.graceEndsAt }),
    ]);
  });

  it('pauses access when the grace runs out and resumes it, progress kept, when paid', async () => {
    const { learner, subscriptionId } = await subscriber();
    await completeFirstLesson(learner);
    const progress = await progressOf(learner);
    expect(progress).toBeGreaterThan(0);
    await renewal(subscriptionId, 'declined');
    const { graceEndsAt } = await ownSubscription(learner);
    const end = new Date(graceEndsAt!);

    await testApp.app.clock.tick(new Date(end.getTime() - 60_000));
    expect((await ownSubscription(learner)).accessPausedAt).toBeNull();

    await testApp.app.clock.tick(new Date(end.getTime() + 60_000));
    await testApp.app.clock.tick(new Date(end.getTime() + 120_000));
    const paused = await ownSubscription(learner);
    expect(paused.accessPausedAt).toBe(new Date(end.getTime() + 60_000).toISOString());
    expect(await accessOf(learner)).toEqual(new Set(['none']));
    const courseCount = testApp.app.catalogue.courses.length;
    expect((await eventsOf(learner)).filter((action) => action === 'revoke')).toHaveLength(
      courseCount,
    );
    const listed = (await atRisk(admin.cookie)).json<SubscriptionsAtRiskResponse>();
    expect(listed.subscriptions.find((row) => row.id === subscriptionId)?.accessPausedAt).toBe(
      paused.accessPausedAt,
    );

    // The card is updated and the retry is paid: the invoice may be reported first.
    await renewal(subscriptionId, 'paid');
    expect(await accessOf(learner)).toEqual(new Set(['paid']));
    expect(await progressOf(learner)).toBe(progress);
    expect(await ownSubscription(learner)).toMatchObject({
      status: 'active',
      graceEndsAt: null,
      accessPausedAt: null,
    });
    expect((await eventsOf(learner)).filter((action) => action === 'grant')).toHaveLength(
      2 * courseCount,
    );
    const after = (await atRisk(admin.cookie)).json<SubscriptionsAtRiskResponse>();
    expect(after.subscriptions.map((row) => row.id)).not.toContain(subscriptionId);
  });

  it('closes at once when Stripe gives up and marks the renewal unpaid', async () => {
    const { learner, subscriptionId } = await subscriber();
    await renewal(subscriptionId, 'declined');
    await renewal(subscriptionId, 'unpaid', 'subscription first');
    expect(await accessOf(learner)).toEqual(new Set(['none']));
    expect((await ownSubscription(learner)).accessPausedAt).not.toBeNull();
    expect(await failureMails(learner)).toHaveLength(1);
  });

  it('begins a new episode, told again, after a paid renewal', async () => {
    const { learner, subscriptionId } = await subscriber();
    await renewal(subscriptionId, 'declined');
    await renewal(subscriptionId, 'paid', 'subscription first');
    await renewal(subscriptionId, 'declined');
    expect(await failureMails(learner)).toHaveLength(2);
    expect(await accessOf(learner)).toEqual(new Set(['paid']));
  });
});

describe('GET /api/admin/subscriptions-at-risk', () => {
  it('answers 401 without a session and 403 to a learner', async () => {
    const learner = await createUser(testApp.app);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/admin/subscriptions-at-risk' }))
        .statusCode,
    ).toBe(401);
    expect((await atRisk(learner.cookie)).statusCode).toBe(403);
    expect((await atRisk(admin.cookie)).statusCode).toBe(200);
  });
});
