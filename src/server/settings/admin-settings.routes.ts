import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminSettingsSchema,
  settingsChangesSchema,
  updateSettingsBodySchema,
  type AdminSettings,
} from '../../shared/api/settings.ts';
import { requireAdmin } from '../http/guards.ts';
import { countUsers } from '../users/find-users.ts';
import { readSettingsRecord } from './settings-store.ts';
import { listSettingsChanges, updateSettings } from './update-settings.ts';

/** The admin's settings panel: the platform settings, their saves and their history. */
export async function adminSettingsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const adminOnly = { preValidation: requireAdmin };
  routes.get(
    '/api/admin/settings',
    { ...adminOnly, schema: { response: { 200: adminSettingsSchema } } },
    () => readAdminSettings(app),
  );

  routes.put(
    '/api/admin/settings',
    {
      ...adminOnly,
      schema: { body: updateSettingsBodySchema, response: { 200: adminSettingsSchema } },
    },
    async (request) => {
      await updateSettings(app, request.user, request.body);
      return readAdminSettings(app);
    },
  );

  routes.get(
    '/api/admin/settings/changes',
    { ...adminOnly, schema: { response: { 200: settingsChangesSchema } } },
    async () => ({ changes: await listSettingsChanges(app.db) }),
  );
}

async function readAdminSettings(app: FastifyInstance): Promise<AdminSettings> {
  const [record, userCount] = await Promise.all([readSettingsRecord(app.db), countUsers(app.db)]);
  return { ...record, updatedAt: record.updatedAt?.toISOString() ?? null, userCount };
}
