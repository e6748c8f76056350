import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { BetaCodeView, BetaGrantView, generateBetaCodeSchema } from '../../shared/api/beta.ts';
import {
  addDays,
  BETA_CODE_ALPHABET,
  betaLimits,
  betaMessages,
  normalizeBetaCode,
} from '../../shared/rules/beta.ts';
import { betaCodes, betaGrants } from '../db/schema/beta.ts';
import { AppError } from '../http/errors.ts';
import {
  createBetaGrantsWithin,
  requireKnownCourses,
  toBetaGrantView,
} from './grant-beta-access.ts';
import { expireLapsedGrants } from './expire-beta-grants.ts';

export type BetaCode = typeof betaCodes.$inferSelect;

const UNIQUE_VIOLATION = '23505';

/** SF-XXXX-XXXX from the alphabet without I, O, 0 and 1, drawn from a cryptographic source. */
export function generateBetaCodeText(): string {
  const group = () =>
    Array.from({ length: 4 }, () => BETA_CODE_ALPHABET[randomInt(BETA_CODE_ALPHABET.length)]).join(
      '',
    );
  return `SF-${group()}-${group()}`;
}

export async function createBetaCode(
  app: FastifyInstance,
  admin: SessionUser,
  input: z.output<typeof generateBetaCodeSchema>,
): Promise<BetaCodeView> {
  requireKnownCourses(app.catalogue, input.courseIds);
  const now = new Date();
  // 32^8 codes: a clash is rare, and then another draw is taken.
  for (let attempt = 0; ; attempt++) {
    try {
      const [code] = await app.db
        .insert(betaCodes)
        .values({
          code: generateBetaCodeText(),
          courseIds: [...new Set(input.courseIds)],
          maxUses: input.maxUses,
          createdAt: now,
          expiresAt: addDays(now, input.expirationDays),
          createdBy: admin.id,
          description: input.description || null,
        })
        .returning();
      return toBetaCodeView(code!);
    } catch (error) {
      if (
        attempt >= 4 ||
        (error as { cause?: { code?: string } }).cause?.code !== UNIQUE_VIOLATION
      ) {
        throw error;
      }
    }
  }
}

export async function listBetaCodes(app: FastifyInstance): Promise<BetaCodeView[]> {
  const codes = await app.db.select().from(betaCodes).orderBy(desc(betaCodes.createdAt));
  return codes.map((code) => toBetaCodeView(code));
}

/**
 * Redeems a code for the signed-in learner, matched case-insensitively. The use is counted by
 * one conditional update, so two learners racing for a code's last use get one success.
 */
export async function redeemBetaCode(
  app: FastifyInstance,
  user: SessionUser,
  codeText: string,
): Promise<{ success: true; grant: BetaGrantView }> {
  await expireLapsedGrants(app.db, app.catalogue, user.id);
  const grant = await app.db.transaction(async (tx) => {
    // One redemption per learner at a time, so a double click cannot take two uses.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`beta:${user.id}`}))`);
    const now = new Date();
    const [code] = await tx
      .update(betaCodes)
      .set({ usedCount: sql`${betaCodes.usedCount} + 1` })
      .where(
        and(
          eq(betaCodes.code, normalizeBetaCode(codeText)),
          eq(betaCodes.isActive, true),
          gt(betaCodes.expiresAt, now),
          lt(betaCodes.usedCount, betaCodes.maxUses),
        ),
      )
      .returning();
    if (!code) {
      throw new AppError('bad_request', betaMessages.invalidCode, {
        code: betaMessages.invalidCode,
      });
    }
    // Checked after the code, so a mistyped code is named as such; throwing undoes the use.
    const [active] = await tx
      .select({ id: betaGrants.id })
      .from(betaGrants)
      .where(and(eq(betaGrants.userId, user.id), eq(betaGrants.isActive, true)));
    if (active) throw new AppError('conflict', betaMessages.alreadyBeta);
    const [created] = await createBetaGrantsWithin(tx, app.catalogue, {
      userIds: [user.id],
      courseIds: code.courseIds,
      expiresAt: addDays(now, betaLimits.accessDays.default),
      grantedBy: code.createdBy,
      method: 'code',
      betaCodeUsed: code.code,
      actorId: user.id,
    });
    return created!;
  });
  return { success: true, grant: toBetaGrantView(grant) };
}

/** A code is redeemable until it expires or its uses run out. */
export function toBetaCodeView(code: BetaCode, now = new Date()): BetaCodeView {
  return {
    code: code.code,
    courseIds: code.courseIds,
    maxUses: code.maxUses,
    usedCount: code.usedCount,
    createdAt: code.createdAt.toISOString(),
    expiresAt: code.expiresAt.toISOString(),
    createdBy: code.createdBy,
    isActive:
      code.isActive && code.expiresAt.getTime() > now.getTime() && code.usedCount < code.maxUses,
    description: code.description,
  };
}
