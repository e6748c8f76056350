import { eq } from 'drizzle-orm';
import {
  safetyPlanSchema,
  safetyPlanSections,
  type SafetyPlan,
  type SafetyPlanResponse,
} from '../../shared/api/companion.ts';
import { safetyPlans } from '../db/schema/companion.ts';
import type { CompanionContext } from './companion-context.ts';

type PlanContext = Pick<CompanionContext, 'db' | 'cipher'>;

const emptyPlan = Object.fromEntries(safetyPlanSections.map(({ key }) => [key, ''])) as SafetyPlan;

/**
 * The learner's own plan for a hard moment. Its words are the learner's alone: they are not read
 * for risk (a plan names what it guards against), never sent to the AI vendor, never shown to an
 * admin; they are exported and deleted with the account.
 */
export async function readSafetyPlan(
  { db, cipher }: PlanContext,
  userId: string,
): Promise<SafetyPlanResponse> {
  const [row] = await db.select().from(safetyPlans).where(eq(safetyPlans.userId, userId));
  if (!row) return { plan: emptyPlan, updatedAt: null };
  const stored = safetyPlanSchema
    .partial()
    .parse(JSON.parse(cipher.decrypt(row.plan, { userId, kind: 'safety-plan' })));
  return { plan: { ...emptyPlan, ...stored }, updatedAt: row.updatedAt.toISOString() };
}

export async function saveSafetyPlan(
  { db, cipher }: PlanContext,
  userId: string,
  plan: SafetyPlan,
): Promise<SafetyPlanResponse> {
  const encrypted = cipher.encrypt(JSON.stringify(plan), { userId, kind: 'safety-plan' });
  const [row] = await db
    .insert(safetyPlans)
    .values({ userId, plan: encrypted })
    .onConflictDoUpdate({
      target: safetyPlans.userId,
      set: { plan: encrypted, updatedAt: new Date() },
    })
    .returning({ updatedAt: safetyPlans.updatedAt });
  return { plan, updatedAt: row!.updatedAt.toISOString() };
}
