import type { Executor } from '../db/client.ts';
import { pendingBetaGrants } from '../db/schema/beta.ts';

export interface WaitingGrant {
  courseIds: string[];
  expiresAt: Date | null;
  grantedBy: string;
}

/**
 * A grant by email to an account whose address is not confirmed waits for the confirmation
 * (T4-M4): whoever registered a stranger's address must not receive what was meant for them.
 */
export async function holdGrantsUntilConfirmed(
  db: Executor,
  emails: readonly string[],
  grant: WaitingGrant,
): Promise<void> {
  if (emails.length === 0) return;
  await db.insert(pendingBetaGrants).values(
    emails.map((email) => ({
      email: email.toLowerCase(),
      courseIds: [...new Set(grant.courseIds)],
      expiresAt: grant.expiresAt,
      grantedBy: grant.grantedBy,
    })),
  );
}
