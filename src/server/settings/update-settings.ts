import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SettingsChange, UpdateSettingsBody } from '../../shared/api/settings.ts';
import {
  settingsChanges as changesBetween,
  settingsMessages,
} from '../../shared/rules/settings.ts';
import type { Executor } from '../db/client.ts';
import type { AdminTraces } from '../db/forget-admin.ts';
import { platformSettings, settingsChanges } from '../db/schema/settings.ts';
import { formatDateTime } from '../../shared/rules/dates.ts';
import { AppError } from '../http/errors.ts';
import { readSettingsRecord, SETTINGS_CHANNEL } from './settings-store.ts';

interface Actor {
  id: string;
  email: string;
}

/**
 * Saves the settings an admin sent when nobody saved since they read them (the version they
 * name), records each changed field, and tells every app process; a later save is refused with
 * who made it and when, never overwritten in silence.
 */
export async function updateSettings(
  app: FastifyInstance,
  actor: Actor,
  { version, ...sent }: UpdateSettingsBody,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const current = await readSettingsRecord(tx, { forUpdate: true });
    if (current.version !== version) {
      const when = current.updatedAt ? formatDateTime(current.updatedAt, 'UTC') : 'an earlier time';
      throw new AppError(
        'conflict',
        settingsMessages.versionConflict(current.updatedBy ?? 'another admin', when),
      );
    }
    const next = {
      ...sent,
      seller: sent.seller ?? current.seller,
      vatRates: sent.vatRates ?? current.vatRates,
    };
    const changes = changesBetween(current, next);
    if (changes.length === 0) return;
    const { seller, ...rest } = next;
    await tx
      .update(platformSettings)
      .set({
        ...rest,
        sellerLegalName: seller.legalName,
        sellerAddress: seller.address,
        sellerVatNumber: seller.vatNumber,
        version: version + 1,
        updatedAt: new Date(),
        updatedBy: actor.email,
      })
      .where(and(eq(platformSettings.id, 1), eq(platformSettings.version, version)));
    await tx.insert(settingsChanges).values(
      changes.map((change) => ({
        field: change.field,
        fromValue: change.from,
        toValue: change.to,
        actorId: actor.id,
        actorEmail: actor.email,
      })),
    );
    await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, '')`);
  });
  await app.settings.refresh();
}

const CHANGES_SHOWN = 100;

export async function listSettingsChanges(db: Executor): Promise<SettingsChange[]> {
  const rows = await db
    .select()
    .from(settingsChanges)
    .orderBy(desc(settingsChanges.createdAt), desc(settingsChanges.id))
    .limit(CHANGES_SHOWN);
  return rows.map((row) => ({
    id: String(row.id),
    changedAt: row.createdAt.toISOString(),
    changedBy: row.actorEmail,
    field: row.field,
    from: row.fromValue,
    to: row.toValue,
  }));
}

/** Where the settings name the admins who changed them, forgotten with a deleted account. */
export const settingsAdminTraces: AdminTraces = {
  logs: [
    { table: settingsChanges, id: settingsChanges.actorId, email: settingsChanges.actorEmail },
  ],
  signatures: [{ table: platformSettings, email: platformSettings.updatedBy }],
};
