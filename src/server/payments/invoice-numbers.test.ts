import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../shared/rules/settings.ts';
import { connectDatabase, type DatabaseConnection } from '../db/client.ts';
import { checkoutSessions, invoices } from '../db/schema/payments.ts';
import { createTestDatabase } from '../testing/build-test-app.ts';
import { issueInvoice } from './issue-invoice.ts';

// Two pools on one database stand for two app processes issuing at the same moment.
let first: DatabaseConnection;
let second: DatabaseConnection;

beforeAll(async () => {
  const url = await createTestDatabase();
  // 110 transactions queue on purpose behind one counter: on a loaded machine the last ones wait
  // longer than the app's 5 s for a connection, which is not what this test is about.
  const options = { connectionTimeoutMillis: 120_000 };
  first = connectDatabase(url, options);
  second = connectDatabase(url, options);
});
afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
});

const ORDERS = 100;

async function createPaidOrders(count: number) {
  const rows = Array.from({ length: count }, () => ({
    id: `cs_numbering_${randomUUID()}`,
    mode: 'stripe' as const,
    items: [{ id: 'energy-sovereignty', name: 'Energy Sovereignty', priceCents: 12_500 }],
    courseIds: ['energy-sovereignty'],
    isBundle: false,
    amountCents: 12_500,
    receiptEmail: 'buyer@example.com',
    status: 'complete' as const,
    paymentStatus: 'paid' as const,
  }));
  return first.db.insert(checkoutSessions).values(rows).returning();
}

describe('invoice numbers', () => {
  it(`run 1 to ${ORDERS} without a gap or a repeat when two processes issue ${ORDERS} at once, and a rolled-back order gives its number back`, async () => {
    const orders = await createPaidOrders(ORDERS);
    const now = new Date('2031-03-01T12:00:00Z');
    const failed = new Error('the fulfilment failed after its invoice was numbered');
    const started = performance.now();
    const outcomes = await Promise.allSettled(
      orders.flatMap((record, index) => {
        const { db } = index % 2 === 0 ? first : second;
        const issue = () =>
          db.transaction((tx) =>
            issueInvoice(tx, {
              record,
              customer: {
                name: 'Maya Stone',
                email: 'buyer@example.com',
                country: 'DE',
                vatNumber: null,
              },
              settings: { ...defaultSettings, vatRates: { DE: 1900 } },
              paidCents: record.amountCents,
              timeZone: undefined,
              now,
            }),
          );
        // Every tenth order also has a fulfilment that takes a number, then rolls back.
        const rolledBack = () =>
          db.transaction(async (tx) => {
            await issueInvoice(tx, {
              record,
              customer: null,
              settings: defaultSettings,
              paidCents: record.amountCents,
              timeZone: undefined,
              now,
            });
            throw failed;
          });
        return index % 10 === 0 ? [rolledBack(), issue()] : [issue()];
      }),
    );
    const elapsed = performance.now() - started;
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(ORDERS / 10);

    const issued = await first.db
      .select({ sequence: invoices.sequence, number: invoices.number })
      .from(invoices)
      .where(eq(invoices.year, 2031));
    const sequences = issued.map((row) => row.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: ORDERS }, (_, index) => index + 1));
    expect(new Set(issued.map((row) => row.number)).size).toBe(ORDERS);
    expect(issued.map((row) => row.number)).toContain('2031-0100');
    // A measure, not a limit: the PDFs are rendered while the counter is held.
    console.info(
      `${ORDERS + ORDERS / 10} invoices issued from two pools in ${Math.round(elapsed)} ms`,
    );
  });
});
