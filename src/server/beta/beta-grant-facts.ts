import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { MyBetaStatus } from '../../shared/api/beta.ts';
import type { BetaGrantFacts } from '../../shared/rules/access.ts';
import { betaAccessType } from '../../shared/rules/beta.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import type { Database } from '../db/client.ts';
import { betaGrants } from '../db/schema/beta.ts';
import { expireLapsedGrants } from './expire-beta-grants.ts';
import { toBetaGrantView, type BetaGrant } from './grant-beta-access.ts';

/**
 * The access rules' source of beta grants: a user's active grants. Grants past their expiry are
 * ended here, as they are met (spec 2 §4 'expired, checked on access').
 */
export function betaGrantFactsSource(catalogue: Catalogue) {
  return async (db: Database, userId: string): Promise<BetaGrantFacts[]> => {
    await expireLapsedGrants(db, catalogue, userId);
    return db
      .select({
        courseIds: betaGrants.courseIds,
        expiresAt: betaGrants.expiresAt,
        isActive: betaGrants.isActive,
      })
      .from(betaGrants)
      .where(and(eq(betaGrants.userId, userId), eq(betaGrants.isActive, true)));
  };
}

export async function listActiveGrants(app: FastifyInstance, userId: string): Promise<BetaGrant[]> {
  await expireLapsedGrants(app.db, app.catalogue, userId);
  return app.db
    .select()
    .from(betaGrants)
    .where(and(eq(betaGrants.userId, userId), eq(betaGrants.isActive, true)))
    .orderBy(sql`${betaGrants.expiresAt} desc nulls first`);
}

export async function listAllGrants(app: FastifyInstance): Promise<BetaGrant[]> {
  await expireLapsedGrants(app.db, app.catalogue);
  return app.db.select().from(betaGrants).orderBy(desc(betaGrants.grantedAt));
}

/** Beta Status: none, partial (listed courses) or full (every course). */
export async function getMyBetaStatus(
  app: FastifyInstance,
  user: SessionUser,
): Promise<MyBetaStatus> {
  const grants = await listActiveGrants(app, user.id);
  const accessType =
    grants.length === 0
      ? 'none'
      : grants.some((grant) => betaAccessType(grant.courseIds) === 'full')
        ? 'full'
        : 'partial';
  return { accessType, grants: grants.map((grant) => toBetaGrantView(grant)) };
}
