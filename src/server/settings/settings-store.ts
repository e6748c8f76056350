import { eq } from 'drizzle-orm';
import type pg from 'pg';
import {
  defaultSettings,
  SETTINGS_CACHE_SECONDS,
  type PlatformSettings,
} from '../../shared/rules/settings.ts';
import type { Executor } from '../db/client.ts';
import { createLiveDocument, type LiveDocument } from '../db/live-document.ts';
import { platformSettings } from '../db/schema/settings.ts';

/** The channel a save notifies, so that every app process reads the new settings at once. */
export const SETTINGS_CHANNEL = 'platform_settings_changed';

/** The settings as this process last read them: read on every request, so kept in memory. */
export type SettingsStore = LiveDocument<PlatformSettings>;

export function createSettingsStore(
  db: Executor,
  pool: pg.Pool,
  log: { warn: (object: object, message: string) => void },
): Promise<SettingsStore> {
  return createLiveDocument({
    pool,
    channel: SETTINGS_CHANNEL,
    read: () => readSettings(db),
    name: 'the settings',
    log,
    // Should a notice go astray, no process serves old settings for longer than spec 2 §9's cache.
    pollSeconds: SETTINGS_CACHE_SECONDS,
  });
}

export interface SettingsRecord extends PlatformSettings {
  version: number;
  updatedAt: Date | null;
  updatedBy: string | null;
}

/** The row as saved; `forUpdate` locks it until the transaction ends, for a save. */
export async function readSettingsRecord(
  db: Executor,
  { forUpdate = false } = {},
): Promise<SettingsRecord> {
  const query = db.select().from(platformSettings).where(eq(platformSettings.id, 1));
  const [row] = await (forUpdate ? query.for('update') : query);
  if (!row) return { ...defaultSettings, version: 0, updatedAt: null, updatedBy: null };
  return {
    maintenanceMode: row.maintenanceMode,
    maxUsers: row.maxUsers,
    features: { ...defaultSettings.features, ...row.features },
    seller: {
      legalName: row.sellerLegalName,
      address: row.sellerAddress,
      vatNumber: row.sellerVatNumber,
    },
    vatRates: row.vatRates,
    version: row.version,
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
  };
}

async function readSettings(db: Executor): Promise<PlatformSettings> {
  const { maintenanceMode, maxUsers, features, seller, vatRates } = await readSettingsRecord(db);
  return { maintenanceMode, maxUsers, features, seller, vatRates };
}
