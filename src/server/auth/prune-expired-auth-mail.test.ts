import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/mail.ts';
import { pruneMailOutbox } from '../mail/outbox.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { waitForMailTo } from '../testing/mail.ts';
import { createUser, nextClientAddress } from '../testing/users.ts';
import { pruneExpiredAuthMail } from './prune-expired-auth-mail.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

const CONFIRM = 'Confirm your Sovereign Flame email address';

/** Moves a kept mail back in time, as if it had waited in the outbox that long. */
const age = (id: number, interval: string) =>
  testApp.db
    .update(mailOutbox)
    .set({ createdAt: sql`now() - ${interval}::interval` })
    .where(eq(mailOutbox.id, id));

const isKept = async (id: number) =>
  (await testApp.db.select().from(mailOutbox).where(eq(mailOutbox.id, id))).length === 1;

async function resetMailFor(email: string) {
  await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    remoteAddress: nextClientAddress(),
    payload: { email },
  });
  return waitForMailTo(testApp.db, email, 'Reset your Sovereign Flame password');
}

describe('the outbox without SMTP', () => {
  it('drops a reset link after its hour and a confirmation link after its day, not before', async () => {
    const learner = await createUser(testApp.app, { isVerified: false });
    const confirmation = await waitForMailTo(testApp.db, learner.email, CONFIRM);
    const reset = await resetMailFor(learner.email);
    expect(reset.id).not.toBe(confirmation.id);

    await age(reset.id, '50 minutes');
    await age(confirmation.id, '23 hours');
    await pruneExpiredAuthMail(testApp.app.auth, testApp.db);
    expect([await isKept(reset.id), await isKept(confirmation.id)]).toEqual([true, true]);

    await age(reset.id, '61 minutes');
    await age(confirmation.id, '25 hours');
    await pruneExpiredAuthMail(testApp.app.auth, testApp.db);
    expect([await isKept(reset.id), await isKept(confirmation.id)]).toEqual([false, false]);
  });

  it('keeps other mail for a week', async () => {
    const [recent, old] = await testApp.db
      .insert(mailOutbox)
      .values([
        { to: 'ops@example.test', subject: 'Refund request', text: 'recent' },
        { to: 'ops@example.test', subject: 'Refund request', text: 'old' },
      ])
      .returning({ id: mailOutbox.id });
    await age(recent!.id, '6 days');
    await age(old!.id, '8 days');
    await pruneExpiredAuthMail(testApp.app.auth, testApp.db);
    await pruneMailOutbox(testApp.db);
    expect([await isKept(recent!.id), await isKept(old!.id)]).toEqual([true, false]);
  });
});
