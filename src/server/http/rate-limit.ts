import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { rateLimitHits } from '../db/schema/rate-limit.ts';
import { AppError } from './errors.ts';

export interface RateLimitRule {
  /** Names the counter; rules with different names count separately. */
  name: string;
  max: number;
  windowSeconds: number;
  message: string;
}

/** A preHandler that counts the request against the rule per client address; past it, 429. */
export function limitRequests(rule: RateLimitRule) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { hits, retryAfterSeconds } = await countRequest(
      request.server.db,
      `${rule.name}:${request.ip}`,
      rule.windowSeconds,
    );
    if (hits <= rule.max) return;
    reply.header('retry-after', String(retryAfterSeconds));
    throw new AppError('rate_limited', rule.message);
  };
}

/**
 * Adds one hit to the key's counter in the current window and returns the count so far. The
 * window comes from the database clock, so servers with drifting clocks still agree.
 */
export async function countRequest(
  db: Database,
  key: string,
  windowSeconds: number,
): Promise<{ hits: number; retryAfterSeconds: number }> {
  const window = sql`${windowSeconds}::integer`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({
      key,
      windowStart: sql`to_timestamp(floor(extract(epoch from now()) / ${window}) * ${window})`,
      hits: 1,
    })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${rateLimitHits.windowStart} = excluded.window_start then ${rateLimitHits.hits} + 1 else 1 end`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({
      hits: rateLimitHits.hits,
      retryAfterSeconds: sql<number>`ceil(extract(epoch from ${rateLimitHits.windowStart} + make_interval(secs => ${window}) - now()))::integer`,
    });
  return row!;
}
