import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assessmentCreatedSchema, assessmentInputSchema } from '../../shared/api/marketing.ts';
import { limitRequests } from '../http/rate-limit.ts';
import { requireFeatureOn } from '../http/feature-switch.ts';
import { submitAssessment } from './assessments.ts';

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
}
