import { and, asc, desc, eq } from 'drizzle-orm';
import type { ChatMessage, ChatMessageKind } from '../../shared/api/companion.ts';
import type { AiSource, SafetyConcern } from '../../shared/rules/companion.ts';
import { mayLeaveServer } from './safety-check.ts';
import { companionMessages } from '../db/schema/companion.ts';
import type { CompanionContext } from './companion-context.ts';

type MessageRow = typeof companionMessages.$inferSelect;

/** The learner's conversation in a course, oldest first, decrypted. */
export async function listMessages(
  context: CompanionContext,
  userId: string,
  courseId: string,
): Promise<ChatMessage[]> {
  const rows = await context.db
    .select()
    .from(companionMessages)
    .where(and(eq(companionMessages.userId, userId), eq(companionMessages.courseId, courseId)))
    .orderBy(asc(companionMessages.createdAt));
  return rows.map((row) => toChatMessage(context, row));
}

/**
 * The last turns of the conversation that may go to the AI vendor with a reply, oldest first:
 * never a safety reply, never a learner's message judged at risk or that reads today as at risk
 * or as a dark past they came through (rows from before the check stored its judgement), and
 * never the companion's answer to such a message, which would tell its story.
 */
export async function listTurnsForVendor(
  context: CompanionContext,
  userId: string,
  courseId: string,
  limit: number,
): Promise<ChatMessage[]> {
  const rows = await context.db
    .select()
    .from(companionMessages)
    .where(
      and(
        eq(companionMessages.userId, userId),
        eq(companionMessages.courseId, courseId),
        eq(companionMessages.kind, 'message'),
      ),
    )
    .orderBy(desc(companionMessages.createdAt))
    .limit(limit);
  const turns: ChatMessage[] = [];
  let isAnswerToWithheld = false;
  for (const row of rows.reverse()) {
    const message = toChatMessage(context, row);
    if (message.sender === 'user') {
      isAnswerToWithheld = row.isAtRisk || !mayLeaveServer(message.content);
      if (!isAnswerToWithheld) turns.push(message);
    } else if (!isAnswerToWithheld) {
      turns.push(message);
    }
  }
  return turns;
}

export async function appendMessage(
  context: CompanionContext,
  message: {
    userId: string;
    courseId: string;
    sender: 'ai' | 'user';
    content: string;
    source: AiSource | null;
    kind?: ChatMessageKind;
    isAtRisk?: boolean;
    concern?: SafetyConcern;
  },
): Promise<ChatMessage> {
  const { userId, courseId } = message;
  const [row] = await context.db
    .insert(companionMessages)
    .values({
      ...message,
      content: context.cipher.encrypt(message.content, { userId, courseId, kind: 'message' }),
    })
    .returning();
  return toChatMessage(context, row!, message.content);
}

/** A concern's safety reply, added once: not again while it is the conversation's last word. */
export async function appendSafetyReply(
  context: CompanionContext,
  userId: string,
  courseId: string,
  concern: SafetyConcern | null,
): Promise<ChatMessage> {
  const answered = concern ?? 'suicide-self-harm';
  const [last] = await context.db
    .select()
    .from(companionMessages)
    .where(and(eq(companionMessages.userId, userId), eq(companionMessages.courseId, courseId)))
    .orderBy(desc(companionMessages.createdAt))
    .limit(1);
  if (last?.kind === 'safety' && (last.concern ?? 'suicide-self-harm') === answered) {
    return toChatMessage(context, last);
  }
  return appendMessage(context, {
    userId,
    courseId,
    sender: 'ai',
    kind: 'safety',
    content: context.safetyReplies[answered],
    source: null,
    concern: answered,
  });
}

function toChatMessage(context: CompanionContext, row: MessageRow, content?: string): ChatMessage {
  return {
    id: row.id,
    sender: row.sender,
    kind: row.kind,
    content:
      content ??
      context.cipher.decrypt(row.content, {
        userId: row.userId,
        courseId: row.courseId,
        kind: 'message',
      }),
    source: row.source,
    concern: row.concern,
    timestamp: row.createdAt.toISOString(),
  };
}
