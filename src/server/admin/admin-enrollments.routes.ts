import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  grantEnrollmentsResponseSchema,
  grantEnrollmentsSchema,
  revokeEnrollmentResponseSchema,
  revokeEnrollmentSchema,
} from '../../shared/api/admin.ts';
import { requireAdmin } from '../http/guards.ts';
import { grantEnrollments, revokeEnrollment } from './grant-enrollments.ts';

/** An admin grants or revokes a user's course access, found by email. */
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
}
