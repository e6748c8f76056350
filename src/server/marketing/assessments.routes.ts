import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  assessmentAnsweredSchema,
  assessmentCreatedSchema,
  assessmentInputSchema,
  assessmentListSchema,
  assessmentParamsSchema,
  assessmentSchema,
} from '../../shared/api/marketing.ts';
import { pageQuerySchema } from '../../shared/api/pagination.ts';
import { requireAdmin } from '../http/guards.ts';
import { limitRequests } from '../http/rate-limit.ts';
import { requireFeatureOn } from '../http/feature-switch.ts';
import {
  getAssessment,
  listAssessments,
  markAssessmentAnswered,
  submitAssessment,
} from './assessments.ts';

/** A sincere applicant submits once; this leaves room for a shared household connection. */
export const assessmentRateLimit = {
  name: 'assessment',
  max: 5,
  windowSeconds: 60 * 60,
  message: 'Too many assessments from your address. Please try again in an hour.',
};

export async function assessmentsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/assessments',
    {
      schema: { body: assessmentInputSchema, response: { 201: assessmentCreatedSchema } },
      // Five answers of 5,000 characters of up to 4 bytes, and the rest.
      bodyLimit: 128 * 1024,
      onRequest: limitRequests(assessmentRateLimit),
      preHandler: requireFeatureOn('assessments'),
    },
    async (request, reply) => reply.status(201).send(await submitAssessment(app, request.body)),
  );

  routes.get(
    '/api/admin/assessments',
    {
      schema: { querystring: pageQuerySchema, response: { 200: assessmentListSchema } },
      preValidation: requireAdmin,
    },
    async (request) => listAssessments(app.db, request.query),
  );

  routes.get(
    '/api/admin/assessments/:id',
    {
      schema: { params: assessmentParamsSchema, response: { 200: assessmentSchema } },
      preValidation: requireAdmin,
    },
    async (request) => getAssessment(app.db, request.params.id),
  );

  routes.patch(
    '/api/admin/assessments/:id',
    {
      schema: {
        params: assessmentParamsSchema,
        body: assessmentAnsweredSchema,
        response: { 200: assessmentSchema },
      },
      preValidation: requireAdmin,
    },
    async (request) => markAssessmentAnswered(app.db, request.params.id, request.body.answered),
  );
}
