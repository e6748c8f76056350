import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contentChangesSchema,
  contentCourseListSchema,
  contentCourseParamsSchema,
  contentPreviewParamsSchema,
  contentVersionParamsSchema,
  courseDraftSchema,
  createCourseBodySchema,
  publishCourseBodySchema,
  publishedVersionsSchema,
  saveCourseDraftBodySchema,
} from '../../shared/api/content.ts';
import { lessonPageSchema } from '../../shared/api/learning.ts';
import { bodyLimits } from '../http/body-limits.ts';
import { requireAdmin } from '../http/guards.ts';
import {
  createCourseDraft,
  listContentChanges,
  listCourseDrafts,
  listPublishedVersions,
  publishCourseDraft,
  readCourseDraft,
  restorePublishedVersion,
  saveCourseDraft,
} from './course-drafts.ts';
import type { FindLearnerWork } from './learner-work.ts';
import { previewDraftLesson } from './preview-lesson.ts';

export interface AdminContentRoutesOptions {
  /** The learning feature's record of what learners did in a course, so no edit loses it. */
  findLearnerWork: FindLearnerWork;
}

/** The admin's editing of the programme (issue 24): drafts, publishing, versions, the log. */
export async function adminContentRoutes(
  app: FastifyInstance,
  { findLearnerWork }: AdminContentRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = { preValidation: requireAdmin };
  const base = '/api/admin/content/courses';

  routes.get(
    base,
    { ...adminOnly, schema: { response: { 200: contentCourseListSchema } } },
    async () => ({ courses: await listCourseDrafts(app.db) }),
  );

  routes.post(
    base,
    { ...adminOnly, schema: { body: createCourseBodySchema, response: { 201: courseDraftSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createCourseDraft(app.db, request.user, request.body)),
  );

  routes.get(
    `${base}/:courseId`,
    {
      ...adminOnly,
      schema: { params: contentCourseParamsSchema, response: { 200: courseDraftSchema } },
    },
    (request) => readCourseDraft(app.db, request.params.courseId),
  );

  const change = (request: { user: { id: string; email: string }; params: { courseId: string } }) => ({
    actor: request.user,
    courseId: request.params.courseId,
    findLearnerWork,
  });

  routes.put(
    `${base}/:courseId`,
    {
      ...adminOnly,
      bodyLimit: bodyLimits.courseDocument,
      schema: {
        params: contentCourseParamsSchema,
        body: saveCourseDraftBodySchema,
        response: { 200: courseDraftSchema },
      },
    },
    (request) => saveCourseDraft(app.db, change(request), request.body),
  );

  routes.post(
    `${base}/:courseId/publish`,
    {
      ...adminOnly,
      schema: {
        params: contentCourseParamsSchema,
        body: publishCourseBodySchema,
        response: { 200: courseDraftSchema },
      },
    },
    async (request) => {
      await publishCourseDraft(app, change(request), request.body.version);
      return readCourseDraft(app.db, request.params.courseId);
    },
  );

  routes.get(
    `${base}/:courseId/versions`,
    {
      ...adminOnly,
      schema: { params: contentCourseParamsSchema, response: { 200: publishedVersionsSchema } },
    },
    async (request) => ({ versions: await listPublishedVersions(app.db, request.params.courseId) }),
  );

  routes.post(
    `${base}/:courseId/versions/:version/restore`,
    {
      ...adminOnly,
      schema: { params: contentVersionParamsSchema, response: { 200: courseDraftSchema } },
    },
    (request) => restorePublishedVersion(app.db, change(request), request.params.version),
  );

  routes.get(
    `${base}/:courseId/preview/lessons/:lessonId`,
    {
      ...adminOnly,
      schema: { params: contentPreviewParamsSchema, response: { 200: lessonPageSchema } },
    },
    async (request) => {
      const { draft } = await readCourseDraft(app.db, request.params.courseId);
      return previewDraftLesson(app, draft, request.params.lessonId);
    },
  );

  routes.get(
    '/api/admin/content/changes',
    { ...adminOnly, schema: { response: { 200: contentChangesSchema } } },
    async () => ({ changes: await listContentChanges(app.db) }),
  );
}
