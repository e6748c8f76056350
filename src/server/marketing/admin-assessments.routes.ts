import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  assessmentAnsweredSchema,
  assessmentListSchema,
  assessmentParamsSchema,
  assessmentSchema,
} from '../../shared/api/marketing.ts';
import { pageQuerySchema } from '../../shared/api/pagination.ts';
import { requireAdmin } from '../http/guards.ts';
import { getAssessment, listAssessments, markAssessmentAnswered } from './assessments.ts';

/** The admin's list of submitted assessments, one at a time, marked answered. */
export async function adminAssessmentsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

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
