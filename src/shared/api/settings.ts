import { z } from 'zod';
import {
  euCountries,
  invoiceMessages,
  MAX_VAT_RATE_BASIS_POINTS,
  normaliseVatNumber,
} from '../rules/invoices.ts';
import {
  MAX_USERS_LIMIT,
  SELLER_ADDRESS_MAX_LENGTH,
  SELLER_NAME_MAX_LENGTH,
} from '../rules/settings.ts';

const featuresSchema = z.object({
  assessments: z.boolean(),
  courses: z.boolean(),
  aiGuidance: z.boolean(),
});

const maxUsersMessage = `maxUsers must be a whole number from 1 to ${MAX_USERS_LIMIT}`;

/** The seller's legal details, as every invoice prints them; empty until the creator sets them. */
export const sellerDetailsSchema = z.object({
  legalName: z.string(),
  address: z.string(),
  vatNumber: z.string(),
});

/** The same as an admin sends them: bounded, the VAT number checked and written as VIES does. */
const sellerDetailsInputSchema = z.object({
  legalName: z
    .string()
    .trim()
    .max(
      SELLER_NAME_MAX_LENGTH,
      `The legal name can be at most ${SELLER_NAME_MAX_LENGTH} characters`,
    ),
  address: z
    .string()
    .trim()
    .max(
      SELLER_ADDRESS_MAX_LENGTH,
      `The address can be at most ${SELLER_ADDRESS_MAX_LENGTH} characters`,
    ),
  vatNumber: z
    .string()
    .trim()
    .max(40, invoiceMessages.vatNumberInvalid)
    .transform((value, context) => {
      if (value === '') return '';
      const normalised = normaliseVatNumber(value);
      if (normalised) return normalised;
      context.addIssue({ code: 'custom', message: invoiceMessages.vatNumberInvalid });
      return z.NEVER;
    }),
});

const vatRateMessage = `A VAT rate must be a whole number of basis points from 0 to ${MAX_VAT_RATE_BASIS_POINTS} (2000 is 20%)`;

/** The creator's VAT rates per EU country of the buyer, in basis points. */
export const vatRatesSchema = z.partialRecord(
  z.enum(euCountries, {
    message: 'VAT rates are set for EU countries only, by their 2-letter code',
  }),
  z
    .number()
    .int(vatRateMessage)
    .min(0, vatRateMessage)
    .max(MAX_VAT_RATE_BASIS_POINTS, vatRateMessage),
);

export const platformSettingsSchema = z.object({
  maintenanceMode: z.boolean(),
  maxUsers: z
    .number()
    .int(maxUsersMessage)
    .min(1, maxUsersMessage)
    .max(MAX_USERS_LIMIT, maxUsersMessage),
  features: featuresSchema,
  seller: sellerDetailsInputSchema,
  vatRates: vatRatesSchema,
});

/** What every visitor's browser reads: whether the site rests and which features are on. */
export const publicSettingsSchema = z.object({
  maintenanceMode: z.boolean(),
  features: featuresSchema,
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** The admin's view: the settings with the version a save must name, and who saved last. */
export const adminSettingsSchema = platformSettingsSchema.extend({
  seller: sellerDetailsSchema,
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  userCount: z.number().int(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/**
 * A save names the version it was made from; a newer version refuses it (409). A save without
 * the seller's details or the VAT rates keeps them as they are.
 */
export const updateSettingsBodySchema = platformSettingsSchema.extend({
  seller: sellerDetailsInputSchema.optional(),
  vatRates: vatRatesSchema.optional(),
  version: z.number().int('version must be a whole number').min(0, 'version must be 0 or more'),
});
export type UpdateSettingsBody = z.infer<typeof updateSettingsBodySchema>;

export const settingsChangeSchema = z.object({
  id: z.string(),
  changedAt: z.string(),
  changedBy: z.string(),
  field: z.string(),
  from: z.string(),
  to: z.string(),
});
export type SettingsChange = z.infer<typeof settingsChangeSchema>;

export const settingsChangesSchema = z.object({ changes: z.array(settingsChangeSchema) });
