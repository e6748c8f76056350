import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  completeLessonSchema,
  lessonCompletionSchema,
  lessonPageSchema,
  lessonParamsSchema,
  listReflectionsQuerySchema,
  previewLessonSchema,
  reflectionListSchema,
  saveReflectionSchema,
  savedReflectionSchema,
  saveVideoProgressSchema,
  startVideoSchema,
  videoProgressSchema,
  type LessonParams,
} from '../../shared/api/learning.ts';
import type { SafetyReading } from '../../shared/rules/companion.ts';
import type { CrisisLevel } from '../../shared/rules/crisis-detection.ts';
import type { ReflectionAction } from '../../shared/rules/reflection.ts';
import { pendingSessionOf, requireSessionClaim, requireUser } from '../http/guards.ts';
import { bodyLimits } from '../http/body-limits.ts';
import { sendJsonText } from '../http/json-with-fixed-part.ts';
import { requireSelfOrRecordedAdminRead } from '../users/admin-reads.ts';
import { findLesson } from './find-lesson.ts';
import { getLessonPageJson } from './get-lesson-page.ts';
import { getPreviewLesson } from './get-preview-lesson.ts';
import { completeLesson } from './lesson-completions.ts';
import { listReflections, markReflectionAtRisk, saveReflection } from './reflections.ts';
import { saveVideoProgress, startVideo } from './video-progress.ts';

/** What other features hear from learning; wired in app.ts. A reaction never fails the request. */
export interface LearningEvents {
  /** Judges every save, autosaves included, before the answer: the companion's safety check. */
  checkReflectionSafety?: (check: {
    userId: string;
    courseId: string;
    text: string;
    action: ReflectionAction;
    /** The crisis detector's reading, made as the reflection was stored. */
    detected: SafetyReading;
  }) => Promise<SafetyReading>;
  onReflectionSaved?: (event: SavedReflectionEvent) => Promise<void>;
  onLessonCompleted?: (event: LessonParams & { userId: string }) => Promise<void>;
}

export interface SavedReflectionEvent extends LessonParams {
  userId: string;
  promptId: string;
  question: string;
  response: string;
  completed: boolean;
  action: ReflectionAction;
  crisisLevel: CrisisLevel;
}

/**
 * The lesson viewer's calls: every one but a free preview's needs a session, and all but reading
 * need course access (or a lesson marked as a free preview).
 */
export async function learningRoutes(app: FastifyInstance, events: LearningEvents = {}) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/learning/courses/:courseId/modules/:moduleId/lessons/:lessonId',
    {
      preValidation: requireSessionClaim,
      schema: { params: lessonParamsSchema, response: { 200: lessonPageSchema } },
    },
    async (request, reply) => {
      const page = await getLessonPageJson(app, pendingSessionOf(request, reply), request.params);
      return sendJsonText(reply, page);
    },
  );

  routes.get(
    '/api/learning/previews/courses/:courseId/modules/:moduleId/lessons/:lessonId',
    { schema: { params: lessonParamsSchema, response: { 200: previewLessonSchema } } },
    async (request) => getPreviewLesson(app, request.params),
  );

  routes.get(
    '/api/learning/reflections',
    {
      preValidation: requireUser,
      schema: { querystring: listReflectionsQuerySchema, response: { 200: reflectionListSchema } },
    },
    async (request) => {
      const { userId = request.user.id, ...lesson } = request.query;
      await requireSelfOrRecordedAdminRead(request, userId, 'reflections');
      findLesson(app.catalogue, lesson);
      return { reflections: await listReflections(app, userId, lesson) };
    },
  );

  routes.put(
    '/api/learning/reflections',
    {
      preValidation: requireSessionClaim,
      bodyLimit: bodyLimits.longText,
      schema: { body: saveReflectionSchema, response: { 200: savedReflectionSchema } },
    },
    async (request, reply) => {
      const {
        crisis: detected,
        question,
        replayed,
        ...saved
      } = await saveReflection(app, pendingSessionOf(request, reply), request.body);
      // The same save sent again: answered as stored, its checks and reactions already made.
      if (replayed) {
        const concern = replayed.isAtRisk ? (detected.concern ?? 'suicide-self-harm') : null;
        return { ...saved, isAtRisk: replayed.isAtRisk, concern };
      }
      const crisis =
        (await events.checkReflectionSafety?.({
          userId: request.user.id,
          courseId: request.body.courseId,
          text: saved.response,
          action: request.body.action,
          detected,
        })) ?? detected;
      const crisisLevel = crisis.level;
      if (crisisLevel === 'at-risk' && detected.level !== 'at-risk') {
        await markReflectionAtRisk(app.db, { userId: request.user.id, ...request.body });
      }
      await events.onReflectionSaved?.({
        userId: request.user.id,
        courseId: request.body.courseId,
        moduleId: request.body.moduleId,
        lessonId: request.body.lessonId,
        promptId: saved.promptId,
        question,
        response: saved.response,
        completed: saved.completed,
        action: request.body.action,
        crisisLevel,
      });
      return { ...saved, isAtRisk: crisisLevel === 'at-risk', concern: crisis.concern };
    },
  );

  routes.post(
    '/api/learning/lesson-completions',
    {
      preValidation: requireUser,
      schema: { body: completeLessonSchema, response: { 200: lessonCompletionSchema } },
    },
    async (request) => {
      const completion = await completeLesson(app, request.user, request.body);
      await events.onLessonCompleted?.({ userId: request.user.id, ...request.body });
      return completion;
    },
  );

  routes.post(
    '/api/learning/video-progress/start',
    {
      preValidation: requireUser,
      schema: { body: startVideoSchema, response: { 200: videoProgressSchema } },
    },
    async (request) => startVideo(app, request.user, request.body),
  );

  routes.put(
    '/api/learning/video-progress',
    {
      preValidation: requireUser,
      schema: { body: saveVideoProgressSchema, response: { 200: videoProgressSchema } },
    },
    async (request) => saveVideoProgress(app, request.user, request.body),
  );
}
