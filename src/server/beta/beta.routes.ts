import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  betaAdminDataSchema,
  betaGrantParamsSchema,
  betaGrantViewSchema,
  betaStatsSchema,
  betaUpgradeStatusResponseSchema,
  betaUpgradeStatusSchema,
  checkBetaAccessResponseSchema,
  checkBetaAccessSchema,
  codeResponseSchema,
  convertBetaToPaidResponseSchema,
  convertBetaToPaidSchema,
  createBetaInvitationSchema,
  generateBetaCodeSchema,
  grantBetaAccessSchema,
  grantBetaAccessResponseSchema,
  grantResponseSchema,
  invitationResponseSchema,
  myBetaStatusSchema,
  redeemBetaCodeSchema,
} from '../../shared/api/beta.ts';
import { requireAdmin, requireUser } from '../http/guards.ts';
import { limitRequests } from '../http/rate-limit.ts';
import { createBetaCode, redeemBetaCode } from './beta-codes.ts';
import { getMyBetaStatus } from './beta-grant-facts.ts';
import { deactivateBetaGrant, extendBetaGrant } from './change-beta-grant.ts';
import { createBetaInvitation } from './beta-invitations.ts';
import { getBetaAdminData, getBetaStats, type ReadEngagement } from './beta-stats.ts';
import { grantBetaAccess } from './grant-beta-access.ts';
import { checkBetaAccess, convertBetaToPaid } from './spec-beta-endpoints.ts';
import { getBetaUpgradeStatus } from './upgrade-beta-grants.ts';

export interface BetaRoutesOptions {
  readEngagement: ReadEngagement;
}

const redeemLimit = limitRequests({
  name: 'beta-redeem',
  max: 10,
  windowSeconds: 60,
  message: 'Too many attempts. Please wait a minute and try again.',
});

const grantAnswer = z.object({ grant: betaGrantViewSchema });

/** The beta-tester programme (spec 2 §2–§9) and the spec 1 §7 beta endpoints. */
export async function betaRoutes(app: FastifyInstance, options: BetaRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/grant-beta-access',
    {
      preValidation: requireAdmin,
      schema: { body: grantBetaAccessSchema, response: { 200: grantBetaAccessResponseSchema } },
    },
    async (request) => grantBetaAccess(app, request.user, request.body),
  );

  routes.post(
    '/api/check-beta-access',
    {
      preValidation: requireUser,
      schema: { body: checkBetaAccessSchema, response: { 200: checkBetaAccessResponseSchema } },
    },
    async (request) => checkBetaAccess(app, request.user, request.body),
  );

  routes.post(
    '/api/convert-beta-to-paid',
    {
      preValidation: requireUser,
      schema: {
        body: convertBetaToPaidSchema,
        response: { 200: convertBetaToPaidResponseSchema },
      },
    },
    async (request) => convertBetaToPaid(app, request.user, request.body),
  );

  routes.get(
    '/api/beta/me',
    { preValidation: requireUser, schema: { response: { 200: myBetaStatusSchema } } },
    async (request) => getMyBetaStatus(app, request.user),
  );

  routes.post(
    '/api/beta/upgrade-status',
    {
      preValidation: requireUser,
      schema: {
        body: betaUpgradeStatusSchema,
        response: { 200: betaUpgradeStatusResponseSchema },
      },
    },
    async (request) => getBetaUpgradeStatus(app, request.user, request.body.checkoutId),
  );

  routes.post(
    '/api/beta/redeem',
    {
      preValidation: requireUser,
      preHandler: redeemLimit,
      schema: { body: redeemBetaCodeSchema, response: { 200: grantResponseSchema } },
    },
    async (request) => redeemBetaCode(app, request.user, request.body.code),
  );

  routes.post(
    '/api/beta/codes',
    {
      preValidation: requireAdmin,
      schema: { body: generateBetaCodeSchema, response: { 200: codeResponseSchema } },
    },
    async (request) => ({ code: await createBetaCode(app, request.user, request.body) }),
  );

  routes.post(
    '/api/beta/invitations',
    {
      preValidation: requireAdmin,
      schema: { body: createBetaInvitationSchema, response: { 200: invitationResponseSchema } },
    },
    async (request) => ({
      invitation: await createBetaInvitation(app, request.user, request.body),
    }),
  );

  routes.post(
    '/api/beta/grants/:grantId/deactivate',
    {
      preValidation: requireAdmin,
      schema: { params: betaGrantParamsSchema, response: { 200: grantAnswer } },
    },
    async (request) => ({
      grant: await deactivateBetaGrant(app, request.user, request.params.grantId),
    }),
  );

  routes.post(
    '/api/beta/grants/:grantId/extend',
    {
      preValidation: requireAdmin,
      schema: { params: betaGrantParamsSchema, response: { 200: grantAnswer } },
    },
    async (request) => ({
      grant: await extendBetaGrant(app, request.user, request.params.grantId),
    }),
  );

  routes.get(
    '/api/beta/admin',
    { preValidation: requireAdmin, schema: { response: { 200: betaAdminDataSchema } } },
    async () => getBetaAdminData(app),
  );

  routes.get(
    '/api/beta/stats',
    { preValidation: requireAdmin, schema: { response: { 200: betaStatsSchema } } },
    async () => getBetaStats(app, options.readEngagement),
  );
}
