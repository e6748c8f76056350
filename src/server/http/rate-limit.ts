import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Executor } from '../db/client.ts';
import { rateLimitHits } from '../db/schema/rate-limit.ts';
import { AppError } from './errors.ts';

export interface RateLimitRule {
  /** Names the counter; rules with different names count separately. */
  name: string;
  max: number;
  windowSeconds: number;
  message: string;
}

/**
 * Counts the request against the rule per client address; past it, 429. Register it as
 * `onRequest`, so a flood is counted and refused before any body is read or parsed.
 */
export function limitRequests(rule: RateLimitRule) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { hits, retryAfterSeconds } = await countRequest(
      request.server.db,
      `${rule.name}:${clientKey(request.ip)}`,
      rule.windowSeconds,
    );
    if (hits <= rule.max) return;
    reply.header('retry-after', String(retryAfterSeconds));
    throw new AppError('rate_limited', rule.message);
  };
}

/**
 * Whom an address stands for. One IPv6 subscriber is given a whole /64 and may pick any address
 * in it, so the /64 is the client (as Better Auth counts); an IPv4 address is its own, also when
 * written as IPv4-mapped IPv6.
 */
export function clientKey(address: string): string {
  const plain = address.split('%')[0]!.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(plain);
  if (mapped) return mapped[1]!;
  if (!plain.includes(':')) return plain;
  const [head = '', tail] = plain.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0');
  const groups = tail === undefined ? headGroups : [...headGroups, ...zeros, ...tailGroups];
  const prefix = groups.slice(0, 4).map((group) => (parseInt(group, 16) || 0).toString(16));
  return `${prefix.join(':')}::/64`;
}

/** Counts the signed-in caller's requests against the rule; register it after requireUser. */
/** The counter of one signed-in user under a rule. */
export function userLimitKey(rule: Pick<RateLimitRule, 'name'>, userId: string): string {
  return `${rule.name}:user:${userId}`;
}

export function limitUserRequests(rule: RateLimitRule) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { hits, retryAfterSeconds } = await countRequest(
      request.server.db,
      userLimitKey(rule, request.user.id),
      rule.windowSeconds,
    );
    if (hits <= rule.max) return;
    reply.header('retry-after', String(retryAfterSeconds));
    throw new AppError('rate_limited', rule.message);
  };
}

/** Takes one hit back from a key's counter (a request that turned out not to count). */
export async function forgiveHit(db: Executor, key: string): Promise<void> {
  await db
    .update(rateLimitHits)
    .set({ hits: sql`greatest(${rateLimitHits.hits} - 1, 0)` })
    .where(eq(rateLimitHits.key, key));
}

/** When an account is deleted: its own counters go with it (the address counters name no one). */
export async function forgetUserRateLimits(db: Executor, userId: string): Promise<void> {
  const suffix = `:user:${userId}`;
  await db
    .delete(rateLimitHits)
    .where(sql`right(${rateLimitHits.key}, ${suffix.length}) = ${suffix}`);
}

/** The longest window of any rule is a day: a counter whose window began a day ago has ended. */
export async function pruneRateLimitHits(db: Database): Promise<number> {
  const removed = await db
    .delete(rateLimitHits)
    .where(sql`${rateLimitHits.windowStart} < now() - interval '1 day'`)
    .returning({ key: rateLimitHits.key });
  return removed.length;
}

/**
 * Adds one hit to the key's counter in the current window and returns the count so far. A
 * window opens at a key's first hit and lasts `windowSeconds`: never at a fixed edge of the
 * clock, where a caller could spend one window's hits just before it and the next one's just
 * after. The window comes from the database clock, so servers with drifting clocks still agree.
 */
export async function countRequest(
  db: Database,
  key: string,
  windowSeconds: number,
): Promise<{ hits: number; retryAfterSeconds: number }> {
  const window = sql`${windowSeconds}::integer`;
  const isOpen = sql`${rateLimitHits.windowStart} > now() - make_interval(secs => ${window})`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({
      key,
      windowStart: sql`now()`,
      hits: 1,
    })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${isOpen} then ${rateLimitHits.hits} + 1 else 1 end`,
        windowStart: sql`case when ${isOpen} then ${rateLimitHits.windowStart} else now() end`,
      },
    })
    .returning({
      hits: rateLimitHits.hits,
      retryAfterSeconds: sql<number>`ceil(extract(epoch from ${rateLimitHits.windowStart} + make_interval(secs => ${window}) - now()))::integer`,
    });
  return row!;
}
