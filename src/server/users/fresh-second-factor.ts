import type { FastifyRequest } from 'fastify';
import { and, eq, gt, sql } from 'drizzle-orm';
import {
  FRESH_SECOND_FACTOR_MINUTES,
  SECOND_FACTOR_NEEDED,
  secondFactorMessages,
} from '../../shared/api/admin.ts';
import { secondFactorChecks, sessions } from '../db/schema/auth.ts';
import { AppError, SIGN_IN_MESSAGE } from '../http/errors.ts';

const freshSince = sql`now() - make_interval(mins => ${FRESH_SECOND_FACTOR_MINUTES})`;

/**
 * The caller's session has just proved its second factor: sensitive admin actions are open to it
 * for the next few minutes. The database's clock, so servers with drifting clocks agree.
 */
export async function recordSecondFactorCheck(request: FastifyRequest): Promise<Date> {
  const token = sessionTokenOf(request);
  const [row] = await request.server.db
    .insert(secondFactorChecks)
    .select(
      request.server.db
        .select({ sessionId: sessions.id, checkedAt: sql`now()`.as('checked_at') })
        .from(sessions)
        .where(eq(sessions.token, token)),
    )
    .onConflictDoUpdate({ target: secondFactorChecks.sessionId, set: { checkedAt: sql`now()` } })
    .returning({ checkedAt: secondFactorChecks.checkedAt });
  if (!row) throw new AppError('unauthorized', SIGN_IN_MESSAGE);
  return new Date(row.checkedAt.getTime() + FRESH_SECOND_FACTOR_MINUTES * 60_000);
}

/**
 * After requireAdmin, on the actions a stolen admin cookie must not take alone (T4-L6): the
 * session confirmed an authenticator code in the last few minutes, or the answer is 403
 * `second_factor_needed`, which the admin panel answers by asking for a code and trying again.
 */
export async function requireFreshSecondFactor(request: FastifyRequest): Promise<void> {
  const [fresh] = await request.server.db
    .select({ sessionId: secondFactorChecks.sessionId })
    .from(secondFactorChecks)
    .innerJoin(sessions, eq(sessions.id, secondFactorChecks.sessionId))
    .where(
      and(
        eq(sessions.token, sessionTokenOf(request)),
        gt(secondFactorChecks.checkedAt, freshSince),
      ),
    );
  if (!fresh) throw new AppError(SECOND_FACTOR_NEEDED, secondFactorMessages.needed);
}

function sessionTokenOf(request: FastifyRequest): string {
  const token = request.server.sessions.readClaim(request)?.token;
  if (!token) throw new AppError('unauthorized', SIGN_IN_MESSAGE);
  return token;
}
