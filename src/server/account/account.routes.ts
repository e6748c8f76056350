import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  billingSchema,
  changePasswordSchema,
  contactSchema,
  deleteAccountSchema,
  deviceParamsSchema,
  devicesSchema,
  exportQuerySchema,
  okSchema,
  profileSchema,
  refundRequestSchema,
  settingsSchema,
  updateProfileSchema,
  updateSettingsSchema,
} from '../../shared/api/account.ts';
import { requireUser } from '../http/guards.ts';
import { limitUserRequests } from '../http/rate-limit.ts';
import { authCallFor } from './auth-session.ts';
import { getBilling, refundRequestRateLimit, requestRefund } from './billing.ts';
import { deleteAccount } from './delete-account.ts';
import { exportAccountData } from './export-data.ts';
import { renderExportHtml } from './export-html.ts';
import { getAccountProfile, updateAccountProfile } from './profile.ts';
import { changePassword, listDevices, signOutDevice } from './security.ts';
import { getSettings, updateSettings } from './settings.ts';

/** The learner's own profile, settings, security, data and billing (spec 2 §2 profile, settings). */
export async function accountRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  routes.get('/api/contact', { schema: { response: { 200: contactSchema } } }, async () => ({
    contactEmail: app.config.contactEmail ?? null,
    socialProfiles: app.config.socialProfiles,
  }));

  routes.get(
    '/api/account/profile',
    { preValidation: requireUser, schema: { response: { 200: profileSchema } } },
    async (request, reply) => getAccountProfile(app, request.user, authCallFor(request, reply)),
  );

  routes.patch(
    '/api/account/profile',
    {
      preValidation: requireUser,
      schema: { body: updateProfileSchema, response: { 200: profileSchema } },
    },
    async (request, reply) =>
      updateAccountProfile(app, request.user, authCallFor(request, reply), request.body),
  );

  routes.get(
    '/api/account/settings',
    { preValidation: requireUser, schema: { response: { 200: settingsSchema } } },
    async (request, reply) => getSettings(app, request.user, authCallFor(request, reply)),
  );

  routes.patch(
    '/api/account/settings',
    {
      preValidation: requireUser,
      schema: { body: updateSettingsSchema, response: { 200: settingsSchema } },
    },
    async (request, reply) =>
      updateSettings(app, request.user, authCallFor(request, reply), request.body),
  );

  routes.post(
    '/api/account/password',
    {
      preValidation: requireUser,
      schema: { body: changePasswordSchema, response: { 200: okSchema } },
    },
    async (request, reply) => {
      await changePassword(authCallFor(request, reply), request.body);
      return { ok: true as const };
    },
  );

  routes.get(
    '/api/account/devices',
    { preValidation: requireUser, schema: { response: { 200: devicesSchema } } },
    async (request, reply) => ({ devices: await listDevices(authCallFor(request, reply)) }),
  );

  routes.delete(
    '/api/account/devices/:deviceId',
    {
      preValidation: requireUser,
      schema: { params: deviceParamsSchema, response: { 200: okSchema } },
    },
    async (request, reply) => {
      await signOutDevice(authCallFor(request, reply), request.params.deviceId);
      return { ok: true as const };
    },
  );

  routes.get(
    '/api/account/export',
    { preValidation: requireUser, schema: { querystring: exportQuerySchema } },
    async (request, reply) => {
      const data = await exportAccountData(app, request.user, authCallFor(request, reply));
      const day = data.exportedAt.slice(0, 10);
      const isHtml = request.query.format === 'html';
      return reply
        .header(
          'content-disposition',
          `attachment; filename="my-data-${day}.${isHtml ? 'html' : 'json'}"`,
        )
        .type(isHtml ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8')
        .send(isHtml ? renderExportHtml(data) : JSON.stringify(data, null, 2));
    },
  );

  routes.post(
    '/api/account/delete',
    {
      preValidation: requireUser,
      schema: { body: deleteAccountSchema, response: { 200: okSchema } },
    },
    async (request, reply) => {
      await deleteAccount(app, request.user, authCallFor(request, reply), request.body);
      return { ok: true as const };
    },
  );

  routes.get(
    '/api/account/billing',
    { preValidation: requireUser, schema: { response: { 200: billingSchema } } },
    async (request) => getBilling(app, request.user),
  );

  routes.post(
    '/api/account/refund-requests',
    {
      preValidation: requireUser,
      preHandler: limitUserRequests(refundRequestRateLimit),
      schema: { body: refundRequestSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await requestRefund(app, request.user, request.body);
      return { ok: true as const };
    },
  );
}
