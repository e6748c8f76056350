import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { users, verifications } from '../db/schema/auth.ts';

/**
 * Removes the account row; sessions, credentials, two-factor secrets and every table keyed by
 * the user go with it (their foreign keys cascade). Pending reset and sign-in challenges name the
 * user only in their value, so they are removed first.
 */
export async function deleteUserRecords(tx: Executor, userId: string): Promise<void> {
  await tx.delete(verifications).where(eq(verifications.value, userId));
  await tx.delete(users).where(eq(users.id, userId));
}
