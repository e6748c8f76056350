import { createHash } from 'node:crypto';
import type { GenericEndpointContext } from 'better-auth';
import { APIError, getSessionFromCtx, isAPIError } from 'better-auth/api';
import type { Database } from '../db/client.ts';
import { countRequest, forgiveHit, type RateLimitRule } from '../http/rate-limit.ts';

const FIFTEEN_MINUTES = 15 * 60;

/** Wrong current passwords for one account: each guess unlocks 2FA changes and deletion. */
export const passwordCheckLimit: RateLimitRule = {
  name: 'password-check',
  max: 5,
  windowSeconds: FIFTEEN_MINUTES,
  message: 'Too many wrong passwords. Please wait 15 minutes before you try again.',
};

/** Failed sign-ins to one account, whatever address they come from (each address has its own). */
export const signInAccountLimit: RateLimitRule = {
  name: 'sign-in-account',
  max: 10,
  windowSeconds: FIFTEEN_MINUTES,
  message:
    'Too many failed sign-ins to this account. Please wait 15 minutes, or reset your password.',
};

interface GuessedDoor {
  rule: RateLimitRule;
  /** Whose guesses these are; undefined leaves the request to the endpoint (it answers 401). */
  keyOf: (ctx: GenericEndpointContext) => Promise<string | undefined>;
  /** Better Auth's code for a wrong guess. */
  wrongGuessCode: string;
}

const currentPasswordCheck: GuessedDoor = {
  rule: passwordCheckLimit,
  keyOf: async (ctx) => {
    const session = await getSessionFromCtx(ctx, { disableRefresh: true });
    // The account's own counters go with it when it is deleted (forgetUserRateLimits).
    return session ? `${passwordCheckLimit.name}:user:${session.user.id}` : undefined;
  },
  wrongGuessCode: 'INVALID_PASSWORD',
};

/** Keyed by a hash of the address: the counter table names no one. */
const signInAccount: GuessedDoor = {
  rule: signInAccountLimit,
  keyOf: async (ctx) => {
    const email = (ctx.body as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string') return undefined;
    const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
    return `${signInAccountLimit.name}:${digest}`;
  },
  wrongGuessCode: 'INVALID_EMAIL_OR_PASSWORD',
};

/** Better Auth's endpoints that take a guess at a secret the account holder knows. */
const guessedDoors: Record<string, GuessedDoor> = {
  '/sign-in/email': signInAccount,
  '/verify-password': currentPasswordCheck,
  '/change-password': currentPasswordCheck,
  '/two-factor/enable': currentPasswordCheck,
  '/two-factor/disable': currentPasswordCheck,
  '/two-factor/generate-backup-codes': currentPasswordCheck,
  '/two-factor/get-totp-uri': currentPasswordCheck,
};

/** The counter each request in flight was counted against, to forgive it when it was right. */
const countedRequests = new WeakMap<object, string>();

/**
 * Before the endpoint: every guess is counted first, so parallel guesses cannot slip past the
 * limit together; past it, 429 without checking the password at all.
 */
export async function countGuess(db: Database, ctx: GenericEndpointContext): Promise<void> {
  const door = ctx.path ? guessedDoors[ctx.path] : undefined;
  const key = door && (await door.keyOf(ctx));
  if (!door || !key) return;
  const { hits, retryAfterSeconds } = await countRequest(db, key, door.rule.windowSeconds);
  if (hits > door.rule.max) {
    throw new APIError(
      'TOO_MANY_REQUESTS',
      { code: 'RATE_LIMITED', message: door.rule.message },
      { 'retry-after': String(retryAfterSeconds) },
    );
  }
  countedRequests.set(ctx.context, key);
}

/** After the endpoint: only wrong guesses stay counted. */
export async function forgiveRightGuess(db: Database, ctx: GenericEndpointContext): Promise<void> {
  const door = ctx.path ? guessedDoors[ctx.path] : undefined;
  const key = countedRequests.get(ctx.context);
  if (!door || !key) return;
  countedRequests.delete(ctx.context);
  const { returned } = ctx.context as { returned?: unknown };
  const isWrongGuess =
    isAPIError(returned) && (returned.body as { code?: string })?.code === door.wrongGuessCode;
  if (isWrongGuess) return;
  await forgiveHit(db, key);
}
