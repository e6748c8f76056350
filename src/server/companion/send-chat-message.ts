import type {
  ChatDoneEvent,
  ChatMessage,
  CompanionMode,
  SendChatMessageInput,
} from '../../shared/api/companion.ts';
import {
  REPLY_REFLECTION_LIMIT,
  aiSettings,
  companionMessages,
  aiUnavailableReply,
  fallbackReply,
  pastDarknessReply,
  type AiSource,
} from '../../shared/rules/companion.ts';
import { recordTokens } from './ai-usage.ts';
import { logAiFailure } from './ask-json.ts';
import type { ChatTurn } from './chat-client.ts';
import type { CompanionContext } from './companion-context.ts';
import { resolveMode } from './companion-settings.ts';
import { appendMessage, appendSafetyReply, listTurnsForVendor } from './conversation.ts';
import { describeLesson, describeReflections } from './lesson-grounding.ts';
import { checkSafety, mayLeaveServer } from './safety-check.ts';

/** Earlier turns sent with a reply, so the AI follows the conversation. */
const HISTORY_TURNS = 10;

/**
 * Stores the learner's message and answers it. Words of crisis get the safety reply whole, and
 * neither they nor a dark past the learner has come through go to the AI vendor; otherwise the
 * AI service streams a reply grounded in the lesson and recent reflections, or the keyword
 * fallback answers. `onDelta` receives the reply's text as it comes.
 */
export async function sendChatMessage(
  context: CompanionContext,
  userId: string,
  courseId: string,
  input: SendChatMessageInput,
  onDelta: (text: string) => void,
  signal?: AbortSignal,
): Promise<ChatDoneEvent> {
  const lesson = describeLesson(context, { courseId, ...input });
  const mode = await resolveMode(context, userId);
  const { level, concern } = await checkSafety(context, {
    userId,
    text: input.message,
    path: 'chat',
    mode,
  });
  const history =
    level === 'none' ? await listTurnsForVendor(context, userId, courseId, HISTORY_TURNS) : [];
  const userMessage = await appendMessage(context, {
    userId,
    courseId,
    sender: 'user',
    content: input.message,
    source: null,
    isAtRisk: level === 'at-risk',
  });
  if (level === 'at-risk') {
    return {
      userMessage,
      reply: await appendSafetyReply(context, userId, courseId, concern),
      isDegraded: false,
    };
  }
  const answer =
    level === 'past'
      ? whole(onDelta, pastDarknessReply(context.settings.helplineText))
      : await composeReply(
          context,
          { userId, courseId, mode, lesson, history },
          input.message,
          onDelta,
          signal,
        );
  const reply = await appendMessage(context, {
    userId,
    courseId,
    sender: 'ai',
    content: answer.content,
    source: answer.source,
  });
  return { userMessage, reply, isDegraded: answer.isDegraded };
}

interface Answer {
  content: string;
  source: AiSource;
  isDegraded: boolean;
}

function whole(onDelta: (text: string) => void, content: string, isDegraded = false): Answer {
  onDelta(content);
  return { content, source: 'fallback', isDegraded };
}

async function composeReply(
  context: CompanionContext,
  turn: {
    userId: string;
    courseId: string;
    mode: CompanionMode;
    lesson: string;
    history: ChatMessage[];
  },
  message: string,
  onDelta: (text: string) => void,
  signal?: AbortSignal,
): Promise<Answer> {
  const { userId, courseId, mode, lesson, history } = turn;
  if (mode === 'unavailable') return whole(onDelta, aiUnavailableReply(message), true);
  if (mode !== 'ai' || !context.chat) return whole(onDelta, fallbackReply(message));

  const reflections = (
    await context.listRecentReflections(userId, { courseId, limit: REPLY_REFLECTION_LIMIT })
  ).filter((reflection) => mayLeaveServer(reflection.response));
  const messages: ChatTurn[] = [
    {
      role: 'system',
      content: `${context.prompts.current().general}\n\n${lesson}\n\nThe learner's recent reflections, newest first:\n${describeReflections(reflections)}`,
    },
    ...history.map((entry): ChatTurn => ({
      role: entry.sender === 'ai' ? 'assistant' : 'user',
      content: entry.content,
    })),
    { role: 'user', content: message },
  ];
  try {
    const { content, tokens } = await context.chat.stream(
      { messages, ...aiSettings.reply, signal },
      onDelta,
    );
    await recordTokens(context, userId, tokens);
    if (content.trim() === '') return whole(onDelta, companionMessages.emptyCompletion);
    return { content, source: 'openai', isDegraded: false };
  } catch (error) {
    logAiFailure(context, 'reply', error);
    // A broken stream is never kept as a reply: the done event's fallback replaces its fragment.
    return whole(onDelta, aiUnavailableReply(message), true);
  }
}
