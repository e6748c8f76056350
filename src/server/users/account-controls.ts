import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { AccountAction } from '../../shared/rules/admin.ts';
import type { Database, Executor } from '../db/client.ts';
import type { AdminTraces } from '../db/forget-admin.ts';
import { sessions } from '../db/schema/auth.ts';
import { accountEvents, profiles } from '../db/schema/users.ts';

export type Actor = { id: string; email: string };

/** Signs the user out everywhere at once: every session row goes, so every cookie fails. */
export async function endAllSessions(db: Database, userId: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await recordAccountEvent(tx, userId, 'sessions-ended', actor);
  });
}

/** A disabled account is signed out and cannot sign in again until it is enabled. */
export async function setAccountDisabled(
  db: Database,
  userId: string,
  isDisabled: boolean,
  actor: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({ id: userId, disabledAt: isDisabled ? new Date() : null })
      .onConflictDoUpdate({
        target: profiles.id,
        set: { disabledAt: isDisabled ? new Date() : null, updatedAt: new Date() },
      });
    if (isDisabled) await tx.delete(sessions).where(eq(sessions.userId, userId));
    await recordAccountEvent(tx, userId, isDisabled ? 'disabled' : 'enabled', actor);
  });
}

export async function isAccountDisabled(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, userId), isNotNull(profiles.disabledAt)));
  return row !== undefined;
}

export async function getDisabledAt(db: Database, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ disabledAt: profiles.disabledAt })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.disabledAt ?? null;
}

/** What admins did to the account, newest first: for the access history and the data export. */
export async function listAccountEvents(db: Database, userId: string) {
  const rows = await db
    .select({
      action: accountEvents.action,
      actorEmail: accountEvents.actorEmail,
      createdAt: accountEvents.createdAt,
    })
    .from(accountEvents)
    .where(eq(accountEvents.userId, userId))
    .orderBy(desc(accountEvents.createdAt), desc(accountEvents.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** What an admin did to accounts stays on the users' record, unnamed once the admin is deleted. */
export const accountEventAdminTraces: AdminTraces = {
  logs: [{ table: accountEvents, id: accountEvents.actorId, email: accountEvents.actorEmail }],
};

/** What an admin did to or for an account, shown in its access history and its export. */
export async function recordAccountEvent(
  tx: Executor,
  userId: string,
  action: AccountAction,
  actor: Actor,
): Promise<void> {
  await tx
    .insert(accountEvents)
    .values({ userId, action, actorId: actor.id, actorEmail: actor.email });
}
