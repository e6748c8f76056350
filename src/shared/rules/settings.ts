import { formatVatRate, type EuCountry } from './invoices.ts';

/**
 * The platform settings an admin changes in the panel (spec 2 §3 "settings (maintenanceMode,
 * maxUsers, features: assessments, courses and aiGuidance)", §9 defaults).
 */
export const featureNames = ['assessments', 'courses', 'aiGuidance'] as const;
export type FeatureName = (typeof featureNames)[number];

/** Who sells, as their invoices name them: set by the creator in the panel. */
export interface SellerDetails {
  legalName: string;
  address: string;
  vatNumber: string;
}

/** The creator's own VAT rates, in basis points, per EU country of the buyer (docs/decisions/036). */
export type VatRates = Partial<Record<EuCountry, number>>;

export interface PlatformSettings {
  maintenanceMode: boolean;
  maxUsers: number;
  features: Record<FeatureName, boolean>;
  seller: SellerDetails;
  vatRates: VatRates;
}

export const defaultSettings: PlatformSettings = {
  maintenanceMode: false,
  maxUsers: 1000,
  features: { assessments: true, courses: true, aiGuidance: true },
  seller: { legalName: '', address: '', vatNumber: '' },
  vatRates: {},
};

export const SELLER_NAME_MAX_LENGTH = 200;
export const SELLER_ADDRESS_MAX_LENGTH = 500;

export const MAX_USERS_LIMIT = 10_000_000;

/** Spec 2 §9: "The admin content cache lasts 300 seconds": the longest a process serves old settings. */
export const SETTINGS_CACHE_SECONDS = 300;

/** How long a visitor is asked to wait during maintenance (the Retry-After header). */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 600;

export const featureLabels: Record<FeatureName, string> = {
  assessments: 'Assessments',
  courses: 'Courses',
  aiGuidance: 'AI guidance',
};

export const settingsMessages = {
  maintenance:
    'Sovereign Flame is resting for a short while for maintenance. Please come back soon.',
  signUpClosed:
    'Registration is closed for now: the programme has reached its number of members. Please write to us to be told when a place opens.',
  assessmentsOff: 'The assessment is closed for now.',
  coursesOff: 'Enrolment is closed for now. Learners keep the courses they have.',
  aiGuidanceOff: 'The AI companion is switched off for now.',
  versionConflict: (who: string, when: string) =>
    `These settings were changed by ${who} at ${when} after you opened them. Reload to see their changes, then save again.`,
} as const;

/** The changes between two settings, one line per field, for the record of who changed what. */
export function settingsChanges(
  before: PlatformSettings,
  after: PlatformSettings,
): { field: string; from: string; to: string }[] {
  const rows = [
    {
      field: 'Maintenance mode',
      from: onOff(before.maintenanceMode),
      to: onOff(after.maintenanceMode),
    },
    { field: 'Maximum users', from: String(before.maxUsers), to: String(after.maxUsers) },
    ...featureNames.map((name) => ({
      field: featureLabels[name],
      from: onOff(before.features[name]),
      to: onOff(after.features[name]),
    })),
    { field: 'Legal name', from: before.seller.legalName, to: after.seller.legalName },
    { field: 'Legal address', from: before.seller.address, to: after.seller.address },
    { field: 'VAT number', from: before.seller.vatNumber, to: after.seller.vatNumber },
    { field: 'VAT rates', from: ratesText(before.vatRates), to: ratesText(after.vatRates) },
  ];
  return rows.filter((row) => row.from !== row.to);
}

function ratesText(rates: VatRates): string {
  const listed = Object.entries(rates)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([country, rate]) => `${country} ${formatVatRate(rate)}`);
  return listed.length > 0 ? listed.join(', ') : 'none';
}

function onOff(value: boolean): string {
  return value ? 'on' : 'off';
}
