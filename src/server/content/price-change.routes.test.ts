import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CourseDraft } from '../../shared/api/content.ts';
import { courseEnrollments } from '../db/schema/access.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { checkoutSessions } from '../db/schema/payments.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { startFakeStripeServer, type FakeStripe } from '../testing/fake-stripe-server.ts';
import { createAdmin, createUser, type TestAdmin, type TestUser } from '../testing/users.ts';

let fakeStripe: FakeStripe;
let testApp: TestApp;
let admin: TestAdmin;
beforeAll(async () => {
  fakeStripe = await startFakeStripeServer();
  testApp = await buildTestApp(fakeStripe.environment);
  admin = await createAdmin(testApp.app, testApp.db);
});
afterAll(async () => {
  await testApp.close();
  await fakeStripe.close();
});

const COURSE = 'energy-sovereignty';

const startCheckout = async (buyer: TestUser): Promise<string> => {
  const response = await testApp.as(buyer).post('/api/create-checkout-session', {
    lineItems: [{ price: COURSE, quantity: 1 }],
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string }>().id;
};

const amountOf = async (checkoutId: string) => {
  const [row] = await testApp.db
    .select({ amountCents: checkoutSessions.amountCents })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, checkoutId));
  return row?.amountCents;
};

async function publishPrice(priceCents: number): Promise<void> {
  const url = `/api/admin/content/courses/${COURSE}`;
  const { draft, version } = (await testApp.as(admin).get(url)).json<CourseDraft>();
  await testApp.as(admin).put(url, { version, draft: { ...draft, priceCents } });
  const published = await testApp.as(admin).post(`${url}/publish`, { version: version + 1 });
  expect(published.statusCode, published.body).toBe(200);
}

describe('a price published while a checkout is open', () => {
  it('applies to new checkouts only: the open one is fulfilled at the price it showed, and its receipt says so', async () => {
    const buyer = await createUser(testApp.app);
    const inFlight = await startCheckout(buyer);
    expect(await amountOf(inFlight)).toBe(12_500);

    await publishPrice(15_000);
    const later = await startCheckout(await createUser(testApp.app));
    expect(await amountOf(later)).toBe(15_000);

    fakeStripe.completeCheckout(inFlight);
    const event = fakeStripe.signedEvent(
      'checkout.session.completed',
      fakeStripe.checkoutSessions.get(inFlight)!,
    );
    const delivered = await testApp.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: event.headers,
      payload: event.payload,
    });
    expect(delivered.statusCode).toBe(200);
    const enrollments = await testApp.db
      .select({ courseId: courseEnrollments.courseId })
      .from(courseEnrollments)
      .where(eq(courseEnrollments.userId, buyer.id));
    expect(enrollments).toEqual([{ courseId: COURSE }]);
    const [receipt] = await vi.waitFor(async () => {
      const mails = await testApp.db
        .select({ text: mailOutbox.text })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, buyer.email), like(mailOutbox.subject, '%receipt')));
      if (mails.length === 0) throw new Error('no receipt yet');
      return mails;
    });
    expect(receipt!.text).toContain('(€125)');
    expect(receipt!.text).toContain('Total paid: €125');
  });
});
