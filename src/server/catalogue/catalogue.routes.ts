import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  catalogueResponseSchema,
  courseOutlineSchema,
  courseParamsSchema,
  releaseNoticeConfirmSchema,
  releaseNoticeRequestSchema,
  releaseNoticeResponseSchema,
} from '../../shared/api/catalogue.ts';
import { limitRequests } from '../http/rate-limit.ts';
import { confirmReleaseNotice, requestReleaseNotice } from './release-notices.ts';
import { AppError } from '../http/errors.ts';
import { toCatalogueResponse, toCourseOutline, withoutVideoIds } from './catalogue.ts';

/** As the newsletter: a visitor asks for a few courses, a script for thousands of addresses. */
export const releaseNoticeRateLimit = {
  name: 'release-notice',
  max: 10,
  windowSeconds: 60 * 60,
  message: 'Too many requests from your address. Please try again in an hour.',
};

/** A link is opened once or twice; guessing tokens takes thousands of tries. */
const confirmationRateLimit = { ...releaseNoticeRateLimit, name: 'release-notice-confirm' };

export interface CatalogueRoutesOptions {
  /** Whether the caller of this request may open the course (wired in app.ts). */
  canOpenCourse: (
    request: FastifyRequest,
    reply: FastifyReply,
    courseId: string,
  ) => Promise<boolean>;
}

/**
 * The public catalogue: what is taught and sold, without lesson content. The lessons' video ids
 * are for learners who may open the course.
 */
export async function catalogueRoutes(
  app: FastifyInstance,
  { canOpenCourse }: CatalogueRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/courses/:courseId/release-notice',
    {
      schema: {
        params: courseParamsSchema,
        body: releaseNoticeRequestSchema,
        response: { 200: releaseNoticeResponseSchema },
      },
      bodyLimit: 2 * 1024,
      onRequest: limitRequests(releaseNoticeRateLimit),
    },
    async (request, reply) =>
      requestReleaseNotice(app, request.params.courseId, {
        user: await app.sessions.readUser(request, reply),
        email: request.body.email,
      }),
  );

  routes.post(
    '/api/release-notices/confirm',
    {
      schema: {
        body: releaseNoticeConfirmSchema,
        response: { 200: releaseNoticeResponseSchema },
      },
      bodyLimit: 2 * 1024,
      onRequest: limitRequests(confirmationRateLimit),
    },
    async (request) => confirmReleaseNotice(app, request.body.token),
  );

  routes.get(
    '/api/catalogue',
    { schema: { response: { 200: catalogueResponseSchema } } },
    async () => toCatalogueResponse(app.catalogue),
  );

  routes.get(
    '/api/courses/:courseId',
    { schema: { params: courseParamsSchema, response: { 200: courseOutlineSchema } } },
    async (request, reply) => {
      const course = app.catalogue.getCourse(request.params.courseId);
      if (!course) throw new AppError('not_found', `Course not found: ${request.params.courseId}`);
      const outline = toCourseOutline(course);
      return (await canOpenCourse(request, reply, course.id)) ? outline : withoutVideoIds(outline);
    },
  );
}
