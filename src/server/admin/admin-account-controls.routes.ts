import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOkSchema, userParamsSchema } from '../../shared/api/admin.ts';
import { requireFreshSecondFactor } from '../users/fresh-second-factor.ts';
import { requireAdmin } from '../http/guards.ts';
import { endUserSessions, setUserDisabled } from './control-account.ts';

/**
 * An admin signs a user out everywhere, and disables (with a fresh second factor) or enables an
 * account; each is audited.
 */
export async function adminAccountControlRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const options = {
    preValidation: requireAdmin,
    schema: { params: userParamsSchema, response: { 200: adminOkSchema } },
  };

  routes.delete('/api/admin/users/:userId/sessions', options, async (request) => {
    await endUserSessions(app, request.user, request.params.userId);
    return { ok: true as const };
  });

  routes.post(
    '/api/admin/users/:userId/disable',
    { ...options, preValidation: [requireAdmin, requireFreshSecondFactor] },
    async (request) => {
      await setUserDisabled(app, request.user, request.params.userId, true);
      return { ok: true as const };
    },
  );

  routes.post('/api/admin/users/:userId/enable', options, async (request) => {
    await setUserDisabled(app, request.user, request.params.userId, false);
    return { ok: true as const };
  });
}
