import type { GenericEndpointContext } from 'better-auth';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { twoFactorMessages } from '../../shared/api/account.ts';
import type { Database } from '../db/client.ts';
import { twoFactors } from '../db/schema/auth.ts';
import { hotp } from './hotp.ts';

/** What the twoFactor plugin uses: RFC 6238 with 30-second steps, one step either side. */
const STEP_SECONDS = 30;
const ACCEPTED_STEPS = [-1, 0, 1];

/**
 * Before `/two-factor/verify-totp`: the time step the code belongs to is claimed for the account
 * in one statement, so a code is accepted once, by one of any number of requests sending it at
 * the same time. A code of no step is left to the plugin, which refuses and counts it.
 */
export async function refuseReplayedTotp(db: Database, ctx: GenericEndpointContext) {
  const code = (ctx.body as { code?: unknown } | undefined)?.code;
  if (ctx.path !== '/two-factor/verify-totp' || typeof code !== 'string') return;
  const userId = await totpUserOf(ctx);
  if (!userId) return;
  const [row] = await db
    .select({ secret: twoFactors.secret })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId));
  if (!row) return;
  const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
  const step = stepOf(Buffer.from(secret, 'utf8'), code.trim());
  if (step === undefined) return;
  const claimed = await db
    .update(twoFactors)
    .set({ lastTotpStep: step })
    .where(
      and(
        eq(twoFactors.userId, userId),
        or(isNull(twoFactors.lastTotpStep), lt(twoFactors.lastTotpStep, step)),
      ),
    )
    .returning({ id: twoFactors.id });
  if (claimed.length === 0) {
    throw new APIError('UNAUTHORIZED', {
      code: 'TOTP_CODE_USED',
      message: twoFactorMessages.codeUsed,
    });
  }
}

function stepOf(key: Buffer, code: string): number | undefined {
  const now = Math.floor(Date.now() / 1000 / STEP_SECONDS);
  return ACCEPTED_STEPS.map((offset) => now + offset).find((step) => hotp(key, step) === code);
}

/** The signed-in learner turning 2FA on, or the one half-way through a sign-in. */
async function totpUserOf(ctx: GenericEndpointContext): Promise<string | undefined> {
  const session = await getSessionFromCtx(ctx, { disableRefresh: true });
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie('two_factor');
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return undefined;
  const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return challenge?.value;
}
