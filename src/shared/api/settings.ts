import { z } from 'zod';
import { MAX_USERS_LIMIT } from '../rules/settings.ts';

const featuresSchema = z.object({
  assessments: z.boolean(),
  courses: z.boolean(),
  aiGuidance: z.boolean(),
});

const maxUsersMessage = `maxUsers must be a whole number from 1 to ${MAX_USERS_LIMIT}`;

export const platformSettingsSchema = z.object({
  maintenanceMode: z.boolean(),
  maxUsers: z
    .number()
    .int(maxUsersMessage)
    .min(1, maxUsersMessage)
    .max(MAX_USERS_LIMIT, maxUsersMessage),
  features: featuresSchema,
});

/** What every visitor's browser reads: whether the site rests and which features are on. */
export const publicSettingsSchema = z.object({
  maintenanceMode: z.boolean(),
  features: featuresSchema,
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** The admin's view: the settings with the version a save must name, and who saved last. */
export const adminSettingsSchema = platformSettingsSchema.extend({
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  userCount: z.number().int(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/** A save names the version it was made from; a newer version refuses it (409). */
export const updateSettingsBodySchema = platformSettingsSchema.extend({
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
