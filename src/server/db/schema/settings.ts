import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import {
  defaultSettings,
  type FeatureName,
  type VatRates,
} from '../../../shared/rules/settings.ts';

/** The platform settings (spec 2 §3): one row, its version checked on every save. */
export const platformSettings = pgTable(
  'platform_settings',
  {
    id: integer('id').primaryKey().default(1),
    maintenanceMode: boolean('maintenance_mode').notNull().default(defaultSettings.maintenanceMode),
    maxUsers: integer('max_users').notNull().default(defaultSettings.maxUsers),
    features: jsonb('features')
      .$type<Record<FeatureName, boolean>>()
      .notNull()
      .default(defaultSettings.features),
    /** The seller's legal details, printed on every invoice (docs/decisions/036). */
    sellerLegalName: text('seller_legal_name').notNull().default(''),
    sellerAddress: text('seller_address').notNull().default(''),
    sellerVatNumber: text('seller_vat_number').notNull().default(''),
    /** The creator's VAT rate per EU country of the buyer, in basis points. */
    vatRates: jsonb('vat_rates').$type<VatRates>().notNull().default({}),
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    /** The admin who saved last, as their email then; kept as text so it outlives their account. */
    updatedBy: text('updated_by'),
  },
  (table) => [check('platform_settings_one_row', sql`${table.id} = 1`)],
);

/** Who changed which setting, when, from what to what: readable in the admin panel. */
export const settingsChanges = pgTable(
  'settings_changes',
  {
    id: serial('id').primaryKey(),
    field: text('field').notNull(),
    fromValue: text('from_value').notNull(),
    toValue: text('to_value').notNull(),
    /** The admin; kept as text so the record outlives their account. */
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('settings_changes_created_at_idx').on(table.createdAt)],
);
