import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  catalogueResponseSchema,
  courseOutlineSchema,
  courseParamsSchema,
} from '../../shared/api/catalogue.ts';
import { AppError } from '../http/errors.ts';
import { toCourseOutline, toCourseSummary } from './catalogue.ts';

/** The public catalogue: what is taught and sold, without lesson content. */
export async function catalogueRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/catalogue',
    { schema: { response: { 200: catalogueResponseSchema } } },
    async () => ({
      courses: app.catalogue.courses.map(toCourseSummary),
      bundle: app.catalogue.bundle,
    }),
  );

  routes.get(
    '/api/courses/:courseId',
    { schema: { params: courseParamsSchema, response: { 200: courseOutlineSchema } } },
    async (request) => {
      const course = app.catalogue.getCourse(request.params.courseId);
      if (!course) throw new AppError('not_found', `Course not found: ${request.params.courseId}`);
      return toCourseOutline(course);
    },
  );
}
