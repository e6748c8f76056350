import type { FastifyInstance } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { secondFactorChecks, sessions } from '../db/schema/auth.ts';
import { totpCodeFor } from './totp.ts';
import type { TestAdmin } from './users.ts';

/**
 * The admin confirms a code from their authenticator, as the panel's dialog does, so their
 * session may take sensitive actions for 10 minutes. A code is good once in its 30 s and
 * createAdmin's used this step's: the next step's is accepted too.
 */
export async function confirmFreshSecondFactor(
  app: FastifyInstance,
  admin: TestAdmin,
): Promise<void> {
  const answers: string[] = [];
  for (const at of [Date.now(), Date.now() + 30_000]) {
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/admin/second-factor',
      headers: { cookie: admin.cookie },
      payload: { code: totpCodeFor(admin.totpURI, at) },
    });
    if (confirmed.statusCode === 200) return;
    answers.push(confirmed.body);
  }
  throw new Error(`the second factor was not confirmed: ${answers.join('; ')}`);
}

/**
 * Every session of the user confirmed its second factor this many minutes ago: for a matrix
 * that signs in again more often than the authenticator shows new codes, and to let a check go
 * stale without waiting.
 */
export async function setSecondFactorCheckedAgo(
  db: Database,
  userId: string,
  minutes: number,
): Promise<void> {
  const checkedAt = sql`now() - make_interval(mins => ${minutes})`;
  await db
    .insert(secondFactorChecks)
    .select(
      db
        .select({ sessionId: sessions.id, checkedAt: checkedAt.as('checked_at') })
        .from(sessions)
        .where(eq(sessions.userId, userId)),
    )
    .onConflictDoUpdate({ target: secondFactorChecks.sessionId, set: { checkedAt } });
}

/** The user's sessions forget any second factor they confirmed. */
export async function forgetSecondFactorChecks(db: Database, userId: string): Promise<void> {
  const ofUser = db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  await db.delete(secondFactorChecks).where(inArray(secondFactorChecks.sessionId, ofUser));
}
