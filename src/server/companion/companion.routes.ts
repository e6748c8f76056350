import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  companionSettingsSchema,
  conversationSchema,
  correctEmotionSchema,
  courseParamsSchema,
  ownerQuerySchema,
  patternsViewSchema,
  recordParamsSchema,
  requestSuggestionSchema,
  safetyHelpSchema,
  safetyPlanResponseSchema,
  safetyPlanSchema,
  sendChatMessageSchema,
  suggestionResponseSchema,
  updateCompanionSettingsSchema,
} from '../../shared/api/companion.ts';
import { requireCourseAccess } from '../access/course-access.ts';
import { bodyLimits } from '../http/body-limits.ts';
import { AppError } from '../http/errors.ts';
import { requireUser } from '../http/guards.ts';
import { requireSelfOrRecordedAdminRead } from '../users/admin-reads.ts';
import { limitCompanionRequests } from './ai-usage.ts';
import type { CompanionContext } from './companion-context.ts';
import { getCompanionSettings, updateCompanionSettings } from './companion-settings.ts';
import { listMessages } from './conversation.ts';
import { generateSuggestion } from './generate-suggestion.ts';
import { correctEmotion, dismissPattern, listMoods, listPatterns } from './journey-records.ts';
import { describeSafetyHelp } from './safety-check.ts';
import { readSafetyPlan, saveSafetyPlan } from './safety-plan.ts';
import { sendChatMessage } from './send-chat-message.ts';

/** The lesson viewer's AI companion: conversation, streamed replies, suggestions, patterns, settings. */
export async function companionRoutes(
  app: FastifyInstance,
  { companion }: { companion: CompanionContext },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Closing: no new vendor calls, and the hung ones end soon, so replies and reactions settle on
  // their fallback while the database is still open.
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
    companion.chat?.close();
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled([...companion.background]);
  });
  const limit = limitCompanionRequests(companion.settings.requestsPerMinute);
  const requireCourse = (courseId: string) => {
    if (!app.catalogue.getCourse(courseId)) throw new AppError('not_found', 'Course not found');
  };

  routes.get(
    '/api/companion/courses/:courseId/conversation',
    {
      preValidation: requireUser,
      schema: {
        params: courseParamsSchema,
        querystring: ownerQuerySchema,
        response: { 200: conversationSchema },
      },
    },
    async (request) => {
      const { userId = request.user.id } = request.query;
      await requireSelfOrRecordedAdminRead(request, userId, 'companion-conversation');
      requireCourse(request.params.courseId);
      return { messages: await listMessages(companion, userId, request.params.courseId) };
    },
  );

  routes.post(
    '/api/companion/courses/:courseId/messages',
    {
      preValidation: requireUser,
      preHandler: limit,
      schema: { params: courseParamsSchema, body: sendChatMessageSchema },
    },
    async (request, reply) => {
      const { courseId } = request.params;
      await requireCourseAccess(app, request.user, courseId);
      const events = openEventStream(reply, () => isClosing);
      const outcome = await sendChatMessage(
        companion,
        request.user.id,
        courseId,
        request.body,
        (text) => events.send('delta', { text }),
        events.abandoned,
      ).catch((error: unknown) => {
        request.log.error({ err: error }, 'chat reply failed');
        return null;
      });
      if (outcome) events.send('done', outcome);
      else events.send('error', { message: 'AI companion is unavailable at the moment.' });
      events.close();
    },
  );

  routes.post(
    '/api/companion/suggestions',
    {
      preValidation: requireUser,
      preHandler: limit,
      bodyLimit: bodyLimits.longText,
      schema: { body: requestSuggestionSchema, response: { 200: suggestionResponseSchema } },
    },
    async (request) => {
      await requireCourseAccess(app, request.user, request.body.courseId);
      return generateSuggestion(companion, request.user.id, request.body);
    },
  );

  routes.get(
    '/api/companion/courses/:courseId/patterns',
    {
      preValidation: requireUser,
      schema: {
        params: courseParamsSchema,
        querystring: ownerQuerySchema,
        response: { 200: patternsViewSchema },
      },
    },
    async (request) => {
      const { userId = request.user.id } = request.query;
      const { courseId } = request.params;
      await requireSelfOrRecordedAdminRead(request, userId, 'companion-moods-and-patterns');
      requireCourse(courseId);
      const [patterns, moods] = await Promise.all([
        listPatterns(companion, userId, courseId),
        listMoods(companion, userId, courseId),
      ]);
      return { patterns, moods };
    },
  );

  // Help is for anyone who reaches the page: no session needed.
  routes.get(
    '/api/companion/safety-help',
    { schema: { response: { 200: safetyHelpSchema } } },
    async () => describeSafetyHelp(companion),
  );
  // The learner's own: no admin reads it, so the session alone names whose plan it is.
  routes.get(
    '/api/companion/safety-plan',
    { preValidation: requireUser, schema: { response: { 200: safetyPlanResponseSchema } } },
    async (request) => readSafetyPlan(companion, request.user.id),
  );
  routes.put(
    '/api/companion/safety-plan',
    {
      preValidation: requireUser,
      bodyLimit: bodyLimits.longText,
      schema: { body: safetyPlanSchema, response: { 200: safetyPlanResponseSchema } },
    },
    async (request) => saveSafetyPlan(companion, request.user.id, request.body),
  );
  routes.get(
    '/api/companion/settings',
    {
      preValidation: requireUser,
      schema: { querystring: ownerQuerySchema, response: { 200: companionSettingsSchema } },
    },
    async (request) => {
      const { userId = request.user.id } = request.query;
      await requireSelfOrRecordedAdminRead(request, userId, 'companion-settings');
      return getCompanionSettings(companion, userId);
    },
  );

  routes.put(
    '/api/companion/settings',
    {
      preValidation: requireUser,
      schema: { body: updateCompanionSettingsSchema, response: { 200: companionSettingsSchema } },
    },
    async (request) => updateCompanionSettings(companion, request.user.id, request.body),
  );

  // The learner's own word on what the companion read: only their own records, never an admin's.
  routes.patch(
    '/api/companion/emotions/:id',
    {
      preValidation: requireUser,
      schema: { params: recordParamsSchema, body: correctEmotionSchema },
    },
    async (request, reply) => {
      await correctEmotion(companion, request.user.id, request.params.id, request.body);
      return reply.status(204).send();
    },
  );

  routes.delete(
    '/api/companion/patterns/:id',
    { preValidation: requireUser, schema: { params: recordParamsSchema } },
    async (request, reply) => {
      await dismissPattern(companion, request.user.id, request.params.id);
      return reply.status(204).send();
    },
  );
}

/**
 * A text/event-stream answer written as the reply is generated (server-sent events); `abandoned`
 * aborts when the learner's connection closes before the answer ends.
 */
function openEventStream(reply: FastifyReply, isAppClosing: () => boolean) {
  reply.hijack();
  const learnerLeft = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) learnerLeft.abort(new Error('The learner left.'));
  });
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  return {
    abandoned: learnerLeft.signal,
    send: (event: string, data: unknown) => {
      if (!learnerLeft.signal.aborted && !reply.raw.writableEnded) {
        reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      }
    },
    close: () => {
      const socket = reply.raw.socket;
      // A kept-alive connection would hold a closing server open until the browser lets it go.
      reply.raw.once('finish', () => {
        if (isAppClosing()) socket?.end();
      });
      reply.raw.end();
    },
  };
}
