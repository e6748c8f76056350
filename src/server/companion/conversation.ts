import { and, asc, eq } from 'drizzle-orm';
import type { ChatMessage } from '../../shared/api/companion.ts';
import type { AiSource } from '../../shared/rules/companion.ts';
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

export async function appendMessage(
  context: CompanionContext,
  message: {
    userId: string;
    courseId: string;
    sender: 'ai' | 'user';
    content: string;
    source: AiSource | null;
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

function toChatMessage(context: CompanionContext, row: MessageRow, content?: string): ChatMessage {
  return {
    id: row.id,
    sender: row.sender,
    content:
      content ??
      context.cipher.decrypt(row.content, {
        userId: row.userId,
        courseId: row.courseId,
        kind: 'message',
      }),
    source: row.source,
    timestamp: row.createdAt.toISOString(),
  };
}
