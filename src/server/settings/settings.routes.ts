import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicSettingsSchema } from '../../shared/api/settings.ts';

/** The platform settings every browser needs to know. */
export async function settingsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/settings', { schema: { response: { 200: publicSettingsSchema } } }, () => {
    const { maintenanceMode, features } = app.settings.current();
    return { maintenanceMode, features };
  });
}
