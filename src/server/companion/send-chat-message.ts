import type {
  ChatDoneEvent,
  ChatMessage,
  SendChatMessageInput,
} from '../../shared/api/companion.ts';
import {
  REPLY_REFLECTION_LIMIT,
  aiSettings,
  companionMessages,
  crisisReply,
  fallbackReply,
  isCrisisText,
  type AiSource,
} from '../../shared/rules/companion.ts';
import { recordTokens } from './ai-usage.ts';
import { logAiFailure } from './ask-json.ts';
import type { ChatTurn } from './chat-client.ts';
import type { CompanionContext } from './companion-context.ts';
import { resolveMode } from './companion-settings.ts';
import { appendMessage, listMessages } from './conversation.ts';
import { describeLesson, describeReflections } from './lesson-grounding.ts';

/** Earlier turns sent with a reply, so the AI follows the conversation. */
const HISTORY_TURNS = 10;

/**
 * Stores the learner's message and answers it: words of crisis get the safety reply; otherwise
 * the AI service streams a reply grounded in the lesson and recent reflections, or the keyword
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
  const history = await listMessages(context, userId, courseId);
  const userMessage = await appendMessage(context, {
    userId,
    courseId,
    sender: 'user',
    content: input.message,
    source: null,
  });
  const answer = await composeReply(
    context,
    userId,
    courseId,
    input.message,
    lesson,
    history,
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

async function composeReply(
  context: CompanionContext,
  userId: string,
  courseId: string,
  message: string,
  lesson: string,
  history: ChatMessage[],
  onDelta: (text: string) => void,
  signal?: AbortSignal,
): Promise<{ content: string; source: AiSource; isDegraded: boolean }> {
  const whole = (content: string, isDegraded = false) => {
    onDelta(content);
    return { content, source: 'fallback' as const, isDegraded };
  };
  if (isCrisisText(message)) return whole(crisisReply(context.settings.helplineText));
  if ((await resolveMode(context, userId)) !== 'ai' || !context.chat) {
    return whole(fallbackReply(message));
  }

  const reflections = await context.listRecentReflections(userId, {
    courseId,
    limit: REPLY_REFLECTION_LIMIT,
  });
  const messages: ChatTurn[] = [
    {
      role: 'system',
      content: `${context.prompts.general}\n\n${lesson}\n\nThe learner's recent reflections, newest first:\n${describeReflections(reflections)}`,
    },
    ...history.slice(-HISTORY_TURNS).map((entry): ChatTurn => ({
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
    if (content.trim() === '') return whole(companionMessages.emptyCompletion);
    return { content, source: 'openai', isDegraded: false };
  } catch (error) {
    logAiFailure(context, 'reply', error);
    // A broken stream is never kept as a reply: the done event's fallback replaces its fragment.
    return whole(fallbackReply(message), true);
  }
}
