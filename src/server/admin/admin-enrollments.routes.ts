import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bulkBetaGrantResponseSchema,
  bulkBetaGrantSchema,
  grantEnrollmentsResponseSchema,
  grantEnrollmentsSchema,
  revokeEnrollmentResponseSchema,
  revokeEnrollmentSchema,
  userParamsSchema,
  openModuleEarlyResponseSchema,
  openModuleEarlySchema,
  withdrawEarlyOpeningResponseSchema,
  withdrawIncludedOnReleaseSchema,
} from '../../shared/api/admin.ts';
import { requireFreshSecondFactor } from '../users/fresh-second-factor.ts';
import { bodyLimits } from '../http/body-limits.ts';
import { requireAdmin, requireUser } from '../http/guards.ts';
import { clearEnrollments, requireAdminToClearAll } from './clear-enrollments.ts';
import { grantBulkBetaAccess } from './grant-bulk-beta-access.ts';
import { grantEnrollments, revokeEnrollment } from './grant-enrollments.ts';
import { openModuleEarlyForLearner, withdrawEarlyOpening } from './open-module-early.ts';
import { withdrawIncludedOnRelease } from './withdraw-included-on-release.ts';

/**
 * An admin grants or revokes a user's course access, clears all of it, takes a coming-soon
 * course out of a bundle, or grants beta access in bulk.
 */
export async function adminEnrollmentRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/admin/enrollments',
    {
      preValidation: requireAdmin,
      schema: { body: grantEnrollmentsSchema, response: { 200: grantEnrollmentsResponseSchema } },
    },
    async (request) => grantEnrollments(app, request.user, request.body),
  );

  routes.delete(
    '/api/admin/enrollments',
    {
      preValidation: requireAdmin,
      schema: { body: revokeEnrollmentSchema, response: { 200: revokeEnrollmentResponseSchema } },
    },
    async (request) => revokeEnrollment(app, request.user, request.body),
  );

  routes.delete(
    '/api/admin/users/:userId/enrollments',
    {
      preValidation: [requireUser, requireAdminToClearAll, requireFreshSecondFactor],
      schema: { params: userParamsSchema, response: { 200: revokeEnrollmentResponseSchema } },
    },
    async (request) => clearEnrollments(app, request.user, request.params.userId),
  );

  routes.delete(
    '/api/admin/included-on-release',
    {
      preValidation: requireAdmin,
      schema: {
        body: withdrawIncludedOnReleaseSchema,
        response: { 200: revokeEnrollmentResponseSchema },
      },
    },
    async (request) => withdrawIncludedOnRelease(app, request.user, request.body),
  );

  routes.post(
    '/api/admin/users/:userId/module-openings',
    {
      preValidation: requireAdmin,
      schema: {
        params: userParamsSchema,
        body: openModuleEarlySchema,
        response: { 200: openModuleEarlyResponseSchema },
      },
    },
    async (request) =>
      openModuleEarlyForLearner(app, request.user, request.params.userId, request.body),
  );

  routes.delete(
    '/api/admin/users/:userId/module-openings',
    {
      preValidation: requireAdmin,
      schema: {
        params: userParamsSchema,
        body: openModuleEarlySchema,
        response: { 200: withdrawEarlyOpeningResponseSchema },
      },
    },
    async (request) => withdrawEarlyOpening(app, request.user, request.params.userId, request.body),
  );

  routes.post(
    '/api/admin/bulk-beta-grants',
    {
      preValidation: requireAdmin,
      bodyLimit: bodyLimits.addressList,
      schema: { body: bulkBetaGrantSchema, response: { 200: bulkBetaGrantResponseSchema } },
    },
    async (request) => grantBulkBetaAccess(app, request.user, request.body),
  );
}
