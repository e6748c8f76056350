import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  catalogueResponseSchema,
  courseOutlineSchema,
  courseParamsSchema,
} from '../../shared/api/catalogue.ts';
import { AppError } from '../http/errors.ts';
import { toCatalogueResponse, toCourseOutline, withoutVideoIds } from './catalogue.ts';

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
