import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, migrationsFolder, type DatabaseConnection } from '../db/client.ts';
import { createTestDatabase } from '../testing/build-test-app.ts';
import { readOverviewTotals, readOverviewWeeks } from './overview-totals.ts';

let database: DatabaseConnection;
beforeAll(async () => {
  database = connectDatabase(await createTestDatabase());
});
afterAll(() => database.close());

const query = (text: string, values: unknown[] = []) => database.pool.query(text, values);

/** Any time in three weeks either side of a week's turn (Sunday to Monday, UTC). */
const moment = fc
  .integer({ min: -21 * 24 * 60, max: 21 * 24 * 60 })
  .map((minutes) => new Date(Date.parse('2026-11-30T00:00:00Z') + minutes * 60_000));
const maybeMoment = fc.option(moment, { nil: null });
/** Which of the rows already written a change picks (modulo how many there are). */
const pick = fc.nat();

const writes = [
  fc.record({ kind: fc.constant('sign up' as const), at: moment }),
  fc.record({ kind: fc.constant('delete user' as const), pick }),
  fc.record({ kind: fc.constant('move sign-up' as const), pick, at: moment }),
  fc.record({
    kind: fc.constant('checkout' as const),
    fulfilledAt: maybeMoment,
    refundedAt: maybeMoment,
    amountCents: fc.integer({ min: 0, max: 50_000 }),
    paidCents: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }),
  }),
  fc.record({ kind: fc.constant('fulfil' as const), pick, at: maybeMoment }),
  fc.record({ kind: fc.constant('refund' as const), pick, at: maybeMoment }),
  fc.record({
    kind: fc.constant('pay' as const),
    pick,
    cents: fc.integer({ min: 0, max: 50_000 }),
  }),
  fc.record({ kind: fc.constant('delete checkout' as const), pick }),
  fc.record({ kind: fc.constant('assessment' as const), at: moment, answeredAt: maybeMoment }),
  fc.record({ kind: fc.constant('answer' as const), pick, at: maybeMoment }),
  fc.record({ kind: fc.constant('delete assessment' as const), pick }),
  fc.record({ kind: fc.constant('subscribe' as const), at: moment }),
  fc.record({ kind: fc.constant('unsubscribe' as const), pick }),
] as const;
type WriteOf<T> = T extends fc.Arbitrary<infer W> ? W : never;
type Write = WriteOf<(typeof writes)[number]>;

let written = 0;
/** A row of `table` by `pick` (modulo how many there are), in the order they were made. */
const picked = (table: string, pick: number) =>
  `(select id from ${table} order by id offset ${pick} % greatest(1, (select count(*) from ${table})) limit 1)`;

async function apply(write: Write): Promise<void> {
  const n = ++written;
  switch (write.kind) {
    case 'sign up':
      await query(`insert into users (id, name, email, created_at) values ($1, 'A', $2, $3)`, [
        `totals-${n}`,
        `totals-${n}@example.com`,
        write.at,
      ]);
      return;
    case 'delete user':
      await query(`delete from users where id = ${picked('users', write.pick)}`);
      return;
    case 'move sign-up':
      await query(`update users set created_at = $1 where id = ${picked('users', write.pick)}`, [
        write.at,
      ]);
      return;
    case 'checkout':
      await query(
        `insert into checkout_sessions (id, mode, items, course_ids, is_bundle, amount_cents,
                                        receipt_email, fulfilled_at, refunded_at, amount_paid_cents)
         values ($1, 'test', '[]', '{}', false, $2, 'buyer@example.com', $3, $4, $5)`,
        [`cs_totals_${n}`, write.amountCents, write.fulfilledAt, write.refundedAt, write.paidCents],
      );
      return;
    case 'fulfil':
    case 'refund': {
      const column = write.kind === 'fulfil' ? 'fulfilled_at' : 'refunded_at';
      await query(
        `update checkout_sessions set ${column} = $1
          where id = ${picked('checkout_sessions', write.pick)}`,
        [write.at],
      );
      return;
    }
    case 'pay':
      await query(
        `update checkout_sessions set amount_paid_cents = $1
          where id = ${picked('checkout_sessions', write.pick)}`,
        [write.cents],
      );
      return;
    case 'delete checkout':
      await query(
        `delete from checkout_sessions where id = ${picked('checkout_sessions', write.pick)}`,
      );
      return;
    case 'assessment':
      await query(
        `insert into assessments (name, email, drawn_to_sovereignty, sovereignty_meaning,
                                  created_at, answered_at)
         values ('A', 'a@example.com', 'x', 'y', $1, $2)`,
        [write.at, write.answeredAt],
      );
      return;
    case 'answer':
      await query(
        `update assessments set answered_at = $1 where id = ${picked('assessments', write.pick)}`,
        [write.at],
      );
      return;
    case 'delete assessment':
      await query(`delete from assessments where id = ${picked('assessments', write.pick)}`);
      return;
    case 'subscribe':
      await query(`insert into newsletter_subscriptions (email, created_at) values ($1, $2)`, [
        `reader-${n}@example.com`,
        write.at,
      ]);
      return;
    case 'unsubscribe':
      await query(
        `delete from newsletter_subscriptions
          where id = ${picked('newsletter_subscriptions', write.pick)}`,
      );
      return;
  }
}

const week = (column: string) =>
  `to_char(date_trunc('week', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;
const fulfilled = `fulfilled_at is not null and refunded_at is null`;

/** The overview's numbers counted afresh from every row. */
async function freshCount() {
  const {
    rows: [totals],
  } = await query(
    `select (select count(*) from users)::int as "signUps",
            (select count(*) from checkout_sessions where ${fulfilled})::int as purchases,
            (select coalesce(sum(coalesce(amount_paid_cents, amount_cents)), 0)
               from checkout_sessions where ${fulfilled})::int as "revenueCents",
            (select count(*) from assessments)::int as assessments,
            (select count(*) from assessments where answered_at is null)::int
              as "unansweredAssessments",
            (select count(*) from newsletter_subscriptions)::int as subscribers`,
  );
  const { rows: weeks } = await query(
    `select "weekStart", sum("signUps")::int as "signUps", sum(purchases)::int as purchases,
            sum("revenueCents")::int as "revenueCents"
       from (select ${week('created_at')} as "weekStart", 1 as "signUps", 0 as purchases,
                    0 as "revenueCents" from users
             union all
             select ${week('fulfilled_at')}, 0, 1, coalesce(amount_paid_cents, amount_cents)
               from checkout_sessions where ${fulfilled}) as counted
      group by "weekStart"`,
  );
  return { totals, weeks };
}

/** What the overview reads, weeks in which nothing is counted left out. */
async function runningTotals() {
  const weeks = await readOverviewWeeks(database.db, '2000-01-03');
  return {
    totals: await readOverviewTotals(database.db),
    weeks: weeks.filter(
      (row) => row.signUps !== 0 || row.purchases !== 0 || row.revenueCents !== 0,
    ),
  };
}

const byWeek = <T extends { weekStart: string }>(rows: T[]) =>
  [...rows].sort((a, b) => a.weekStart.localeCompare(b.weekStart));

describe('the overview totals', () => {
  it('equal a fresh count after any mix of writes, and the migration counts the same', async () => {
    const fill = readFileSync(path.join(migrationsFolder, '0044_overview_totals.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .at(-1)!;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(...writes), { maxLength: 25 }), async (batch) => {
        // Each run from no rows, so that a shrunk counterexample shows every write it needs.
        await query(
          `delete from checkout_sessions; delete from users; delete from assessments;
           delete from newsletter_subscriptions; delete from overview_totals`,
        );
        for (const write of batch) await apply(write);
        const fresh = await freshCount();
        const kept = await runningTotals();
        expect(kept.totals).toEqual(fresh.totals);
        expect(byWeek(kept.weeks)).toEqual(byWeek(fresh.weeks));
        // The migration's own count of the rows already there: the same numbers.
        const client = await database.pool.connect();
        try {
          await client.query('begin');
          await client.query('delete from overview_totals');
          await client.query(fill);
          const { rows } = await client.query(
            `select coalesce(sum(sign_ups), 0)::int as "signUps", coalesce(sum(purchases), 0)::int as purchases,
                    coalesce(sum(revenue_cents), 0)::int as "revenueCents", coalesce(sum(assessments), 0)::int as assessments,
                    coalesce(sum(unanswered_assessments), 0)::int as "unansweredAssessments",
                    coalesce(sum(subscribers), 0)::int as subscribers
               from overview_totals`,
          );
          expect(rows[0]).toEqual(fresh.totals);
        } finally {
          await client.query('rollback');
          client.release();
        }
      }),
      { numRuns: 25 },
    );
  });
});
