import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '../../shared/api/admin.ts';
import { inboxMessages, type Inbox, type InboxItem } from '../../shared/api/inbox.ts';
import { listEnrollments } from '../access/enrollments.ts';
import { checkoutSessions } from '../db/schema/payments.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { startFakeStripeServer, type FakeStripe } from '../testing/fake-stripe-server.ts';
import { waitForMailTo } from '../testing/mail.ts';
import { confirmFreshSecondFactor } from '../testing/second-factor.ts';
import { createAdmin, createUser, type TestAdmin, type TestUser } from '../testing/users.ts';

type ApiError = { error: { code: string; message: string } };

const CONTACT = 'care@inbox.example';
const COURSE = 'energy-sovereignty';

let fakeStripe: FakeStripe;
let testApp: TestApp;
let stripeApp: TestApp;
let admin: TestAdmin;
let stripeAdmin: TestAdmin;
let learner: TestUser;

beforeAll(async () => {
  fakeStripe = await startFakeStripeServer();
  [testApp, stripeApp] = await Promise.all([
    buildTestApp({ CONTACT_EMAIL: CONTACT }),
    buildTestApp({ ...fakeStripe.environment, CONTACT_EMAIL: CONTACT }),
  ]);
  [admin, stripeAdmin, learner] = await Promise.all([
    createAdmin(testApp.app, testApp.db),
    createAdmin(stripeApp.app, stripeApp.db),
    createUser(testApp.app),
  ]);
  await Promise.all([
    confirmFreshSecondFactor(testApp.app, admin),
    confirmFreshSecondFactor(stripeApp.app, stripeAdmin),
  ]);
});
afterAll(async () => {
  await Promise.all([testApp.close(), stripeApp.close()]);
  await fakeStripe.close();
});

/** Buys one course in payment test mode; answers the order's id. */
async function buyInTestMode(user: TestUser): Promise<string> {
  const started = await testApp.as(user).post('/api/create-checkout-session', {
    lineItems: [{ price: COURSE, quantity: 1 }],
    customerEmail: user.email,
    metadata: { isBundle: 'false', customerName: 'Maya Stone', message: '' },
  });
  const { id } = started.json<{ id: string }>();
  expect(
    (await testApp.as(user).post(`/api/checkout/test-sessions/${id}/pay`, {})).statusCode,
  ).toBe(200);
  return id;
}

/** The learner asks in payment test mode; answers the request as the admin's Inbox shows it. */
async function askForRefund(user: TestUser, purchaseId: string, reason: string) {
  const asked = await testApp.as(user).post('/api/account/refund-requests', { purchaseId, reason });
  expect(asked.statusCode).toBe(200);
  return findItem(testApp, admin, purchaseId);
}

async function findItem(app: TestApp, who: TestAdmin, purchaseId: string): Promise<InboxItem> {
  const inbox = (await app.as(who).get('/api/admin/inbox')).json<Inbox>();
  const item = inbox.items.find((candidate) => candidate.refund?.purchaseId === purchaseId);
  expect(item).toBeDefined();
  return item!;
}

const assessment = (email: string) => ({
  drawnToSovereignty: 'I am tired of handing my power to other people.',
  sovereigntyMeaning: 'Choosing my life from the inside out.',
  trueStatements: [],
  readinessScale: 7,
  name: 'Iris Vale',
  email,
});

describe('the Inbox: assessments', () => {
  it("mails the creator's address when an assessment arrives, and lists it as new", async () => {
    const email = `iris-${randomUUID()}@example.com`;
    const sent = await testApp.as(undefined).post('/api/assessments', assessment(email));
    expect(sent.statusCode).toBe(201);
    const mail = await waitForMailTo(
      testApp.db,
      CONTACT,
      'New Sovereign Flame assessment from Iris Vale',
    );
    expect(mail.text).toContain(`Iris Vale <${email}> has completed the sacred assessment.`);
    expect(mail.text).toContain('/admin?tab=inbox');
    // The applicant's words stay in the panel.
    expect(mail.text).not.toContain('handing my power');

    const inbox = (await testApp.as(admin).get('/api/admin/inbox?state=new')).json<Inbox>();
    expect(inbox.items).toContainEqual(
      expect.objectContaining({ kind: 'assessment', name: 'Iris Vale', email, state: 'new' }),
    );
    expect(inbox.newCount).toBeGreaterThanOrEqual(1);
    const overview = (await testApp.as(admin).get('/api/admin/overview')).json<Overview>();
    expect(overview.counts.newInboxItems).toBe(inbox.newCount);
  });

  it('moves an assessment to answered, then closed, then new again; each list follows', async () => {
    const email = `moved-${randomUUID()}@example.com`;
    const { id } = (await testApp.as(undefined).post('/api/assessments', assessment(email))).json<{
      id: string;
    }>();
    const move = (state: string) =>
      testApp.as(admin).patch(`/api/admin/inbox/assessment/${id}`, { state });
    const listed = async (state: string) =>
      (await testApp.as(admin).get(`/api/admin/inbox?state=${state}`))
        .json<Inbox>()
        .items.some((item) => item.id === id);

    const answered = await move('answered');
    expect(answered.statusCode).toBe(200);
    expect(answered.json<InboxItem>()).toMatchObject({ id, state: 'answered', kind: 'assessment' });
    expect(await listed('answered')).toBe(true);
    expect(await listed('new')).toBe(false);

    expect((await move('closed')).json<InboxItem>().state).toBe('closed');
    expect(await listed('closed')).toBe(true);
    expect((await move('new')).json<InboxItem>().state).toBe('new');
    expect(await listed('new')).toBe(true);
  });
});

describe('the Inbox: refund requests', () => {
  it('keeps a learner’s request with its purchase, refuses a second one while it waits', async () => {
    const buyer = await createUser(testApp.app);
    const orderId = await buyInTestMode(buyer);
    const item = await askForRefund(buyer, orderId, 'Not the right time for me.');
    expect(item).toMatchObject({
      kind: 'refund-request',
      state: 'new',
      email: buyer.email,
      refund: {
        purchaseId: orderId,
        items: ['Energy Sovereignty'],
        isWithinGuarantee: true,
        reason: 'Not the right time for me.',
        outcome: null,
        refundedAt: null,
      },
    });
    await waitForMailTo(
      testApp.db,
      CONTACT,
      `Sovereign Flame: refund request for order ${orderId}`,
    );

    const again = await testApp
      .as(buyer)
      .post('/api/account/refund-requests', { purchaseId: orderId, reason: '' });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>().error.message).toBe(inboxMessages.alreadyRequested);
  });

  it('refunds a test-mode purchase: the access it bought ends and the learner is told', async () => {
    const buyer = await createUser(testApp.app);
    const orderId = await buyInTestMode(buyer);
    expect((await listEnrollments(testApp.db, buyer.id)).map((row) => row.courseId)).toEqual([
      COURSE,
    ]);
    const item = await askForRefund(buyer, orderId, '');

    const refunded = await testApp.as(admin).post(`/api/admin/refund-requests/${item.id}/refund`);
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json<InboxItem>()).toMatchObject({
      state: 'closed',
      refund: { outcome: 'refunded', refundedAt: expect.any(String) },
    });
    expect(await listEnrollments(testApp.db, buyer.id)).toEqual([]);
    const mail = await waitForMailTo(testApp.db, buyer.email);
    expect(mail.subject).toBe(`Sovereign Flame: your refund for order ${orderId}`);

    const twice = await testApp.as(admin).post(`/api/admin/refund-requests/${item.id}/refund`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ApiError>().error.message).toBe(inboxMessages.alreadyDecided);
    const askAgain = await testApp
      .as(buyer)
      .post('/api/account/refund-requests', { purchaseId: orderId, reason: '' });
    expect(askAgain.json<ApiError>().error.message).toBe(inboxMessages.alreadyRefunded);
  });

  it('refunds a Stripe purchase through Stripe and revokes the course', async () => {
    const buyer = await createUser(stripeApp.app);
    const started = await stripeApp.as(buyer).post('/api/create-checkout-session', {
      lineItems: [{ price: COURSE, quantity: 1 }],
      customerEmail: buyer.email,
      metadata: { isBundle: 'false', customerName: 'Noor Hale', message: '' },
    });
    const { id: orderId } = started.json<{ id: string }>();
    fakeStripe.completeCheckout(orderId);
    const confirmed = await stripeApp
      .as(buyer)
      .post('/api/checkout/confirm', { checkoutId: orderId });
    expect(confirmed.statusCode).toBe(200);
    expect(await listEnrollments(stripeApp.db, buyer.id)).toHaveLength(1);

    const asked = await stripeApp
      .as(buyer)
      .post('/api/account/refund-requests', { purchaseId: orderId, reason: 'Too soon' });
    expect(asked.statusCode).toBe(200);
    const item = await findItem(stripeApp, stripeAdmin, orderId);
    const refunded = await stripeApp
      .as(stripeAdmin)
      .post(`/api/admin/refund-requests/${item.id}/refund`);
    expect(refunded.statusCode).toBe(200);

    const paymentIntent = fakeStripe.checkoutSessions.get(orderId)!.payment_intent;
    expect(fakeStripe.refunds.map((refund) => refund.payment_intent)).toContain(paymentIntent);
    expect(await listEnrollments(stripeApp.db, buyer.id)).toEqual([]);
    const [record] = await stripeApp.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, orderId));
    expect(record!.refundedAt).not.toBeNull();
  });

  it('declines with a reason mailed to the learner; the access stays', async () => {
    const buyer = await createUser(testApp.app);
    const orderId = await buyInTestMode(buyer);
    const item = await askForRefund(buyer, orderId, 'Changed my mind');

    const empty = await testApp
      .as(admin)
      .post(`/api/admin/refund-requests/${item.id}/decline`, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(inboxMessages.declineReasonRequired);

    const declined = await testApp.as(admin).post(`/api/admin/refund-requests/${item.id}/decline`, {
      reason: 'The 30 days ended before you asked.',
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json<InboxItem>()).toMatchObject({
      state: 'closed',
      refund: { outcome: 'declined', declineReason: 'The 30 days ended before you asked.' },
    });
    const mail = await waitForMailTo(testApp.db, buyer.email);
    expect(mail.subject).toBe(`Sovereign Flame: your refund request for order ${orderId}`);
    expect(mail.text).toContain('The 30 days ended before you asked.');
    expect(await listEnrollments(testApp.db, buyer.id)).toHaveLength(1);
  });
});

describe('the Inbox: the doors', () => {
  const anyId = randomUUID();
  const routes: [method: 'GET' | 'PATCH' | 'POST', url: string, body?: object][] = [
    ['GET', '/api/admin/inbox'],
    ['PATCH', `/api/admin/inbox/assessment/${anyId}`, { state: 'closed' }],
    ['POST', `/api/admin/refund-requests/${anyId}/refund`],
    ['POST', `/api/admin/refund-requests/${anyId}/decline`, { reason: 'No.' }],
  ];

  it.each(routes)(
    '%s %s answers 401 without a session, 403 to a learner',
    async (method, url, body) => {
      expect((await testApp.as(undefined).request(method, url, body)).statusCode).toBe(401);
      expect((await testApp.as(learner).request(method, url, body)).statusCode).toBe(403);
    },
  );

  it('refuses Refund and Decline to an admin without a fresh second factor', async () => {
    const otherAdmin = await createAdmin(testApp.app, testApp.db);
    for (const [method, url, body] of routes.slice(2)) {
      const response = await testApp.as(otherAdmin).request(method, url, body);
      expect(response.statusCode).toBe(403);
      expect(response.json<ApiError>().error.code).toBe('second_factor_needed');
    }
  });

  it('answers 400 naming the field for a bad state, kind or id, and 404 for an unknown item', async () => {
    const badState = await testApp
      .as(admin)
      .patch(`/api/admin/inbox/assessment/${anyId}`, { state: 'archived' });
    expect(badState.statusCode).toBe(400);
    expect(badState.body).toContain('state must be new, answered or closed');
    const badKind = await testApp
      .as(admin)
      .patch(`/api/admin/inbox/letter/${anyId}`, { state: 'new' });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.body).toContain('kind must be assessment, refund-request or contact-message');
    const badQuery = await testApp.as(admin).get('/api/admin/inbox?state=everything');
    expect(badQuery.statusCode).toBe(400);
    const badId = await testApp.as(admin).post('/api/admin/refund-requests/not-an-id/refund');
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toContain('id must be a refund request id');

    for (const kind of ['assessment', 'refund-request']) {
      const unknown = await testApp
        .as(admin)
        .patch(`/api/admin/inbox/${kind}/${anyId}`, { state: 'closed' });
      expect(unknown.statusCode).toBe(404);
    }
    const unknownRefund = await testApp
      .as(admin)
      .post(`/api/admin/refund-requests/${anyId}/refund`);
    expect(unknownRefund.statusCode).toBe(404);
  });
});
