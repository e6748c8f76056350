import type { FastifyInstance } from 'fastify';
import type { ChatDoneEvent } from '../../shared/api/companion.ts';

/** A chat message sent as the web app sends it, and its server-sent events read back. */
export async function sendChat(
  app: FastifyInstance,
  cookie: string | undefined,
  courseId: string,
  body: { moduleId: string; lessonId: string; message: string },
) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/companion/courses/${courseId}/messages`,
    headers: cookie ? { cookie } : {},
    payload: body,
  });
  const events = response.statusCode === 200 ? parseServerSentEvents(response.body) : [];
  const deltas = events
    .filter((entry) => entry.event === 'delta')
    .map((entry) => (entry.data as { text: string }).text);
  const done = events.find((entry) => entry.event === 'done')?.data as ChatDoneEvent;
  return { response, deltas, done };
}

export function parseServerSentEvents(body: string): { event: string; data: unknown }[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1] ?? '',
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as unknown,
    }));
}
