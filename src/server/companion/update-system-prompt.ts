import { desc, eq, sql } from 'drizzle-orm';
import type { AdminSystemPrompts, SystemPromptKind } from '../../shared/api/companion.ts';
import { formatDateTime } from '../../shared/rules/dates.ts';
import type { Database, Executor } from '../db/client.ts';
import type { AdminTraces } from '../db/forget-admin.ts';
import { companionPromptChanges, companionSystemPrompts } from '../db/schema/companion.ts';
import { AppError } from '../http/errors.ts';
import { PROMPTS_CHANNEL, type SystemPromptStore } from './system-prompts.ts';

interface Actor {
  id: string;
  email: string;
}

export interface PromptEdit {
  kind: SystemPromptKind;
  /** The version the admin read; a newer one refuses the edit (409). */
  version: number;
  /** Null: back to the default. */
  text: string | null;
}

/**
 * Saves an admin's prompt, or restores the default, when nobody changed it since they read it;
 * records the change and tells every app process. A later save is refused with who and when.
 */
export async function updateSystemPrompt(
  db: Database,
  store: SystemPromptStore,
  actor: Actor,
  edit: PromptEdit,
): Promise<void> {
  await db.transaction(async (tx) => {
    await refuseStaleEdit(tx, edit);
    const values = { text: edit.text, updatedBy: actor.email, updatedAt: new Date() };
    await tx
      .insert(companionSystemPrompts)
      .values({ kind: edit.kind, ...values, version: edit.version + 1 })
      .onConflictDoUpdate({
        target: companionSystemPrompts.kind,
        set: { ...values, version: sql`${companionSystemPrompts.version} + 1` },
      });
    await tx.insert(companionPromptChanges).values({
      kind: edit.kind,
      action: edit.text === null ? 'restored the default' : 'saved',
      text: edit.text ?? store.defaults[edit.kind],
      actorId: actor.id,
      actorEmail: actor.email,
    });
    await tx.execute(sql`select pg_notify(${PROMPTS_CHANNEL}, '')`);
  });
  await store.refresh();
}

/** Locks the prompt's row until the transaction ends; two first saves meet at the insert's key. */
async function refuseStaleEdit(tx: Executor, edit: PromptEdit): Promise<void> {
  const [row] = await tx
    .select()
    .from(companionSystemPrompts)
    .where(eq(companionSystemPrompts.kind, edit.kind))
    .for('update');
  if ((row?.version ?? 0) === edit.version) return;
  const who = row?.updatedBy ?? 'another admin';
  const when = row?.updatedAt ? formatDateTime(row.updatedAt) : 'an earlier time';
  throw new AppError(
    'conflict',
    `${who} changed this prompt at ${when}. Reload to see their changes, then save again.`,
  );
}

const CHANGES_SHOWN = 50;

export async function listPromptChanges(db: Executor): Promise<AdminSystemPrompts['changes']> {
  const rows = await db
    .select()
    .from(companionPromptChanges)
    .orderBy(desc(companionPromptChanges.createdAt), desc(companionPromptChanges.id))
    .limit(CHANGES_SHOWN);
  return rows.map((row) => ({
    id: String(row.id),
    kind: row.kind,
    action: row.action,
    changedBy: row.actorEmail,
    changedAt: row.createdAt.toISOString(),
  }));
}

/** Where the prompts name the admins who changed them, forgotten with a deleted account. */
export const promptAdminTraces: AdminTraces = {
  logs: [
    {
      table: companionPromptChanges,
      id: companionPromptChanges.actorId,
      email: companionPromptChanges.actorEmail,
    },
  ],
  signatures: [{ table: companionSystemPrompts, email: companionSystemPrompts.updatedBy }],
};
