import type { ChatDoneEvent, SendChatMessageInput } from '../../../../shared/api/companion.ts';
import { companionMessages } from '../../../../shared/rules/companion.ts';
import { ApiError, errorOf, fetchOrApiError } from '../../../lib/api-client.ts';

/**
 * Sends a message and reads the reply as server-sent events: `onDelta` gets each piece of text as
 * the AI writes it; resolves with both stored messages.
 */
export async function sendChatMessage(
  courseId: string,
  input: SendChatMessageInput,
  onDelta: (text: string) => void,
): Promise<ChatDoneEvent> {
  const response = await fetchOrApiError(
    `/api/companion/courses/${encodeURIComponent(courseId)}/messages`,
    {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(input),
    },
  );
  if (!response.ok) throw await errorOf(response);
  if (!response.body)
    throw new ApiError(response.status, companionMessages.unavailableToast, 'unknown');
  // The events' checks bring zod: it loads with the first reply, not with the lesson page.
  const { chatDeltaEventSchema, chatDoneEventSchema } =
    await import('../../../../shared/api/companion.ts');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let boundary = buffer.indexOf('\n\n');
    while (boundary !== -1) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      boundary = buffer.indexOf('\n\n');
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data: unknown = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null');
      if (event === 'delta') onDelta(chatDeltaEventSchema.parse(data).text);
      if (event === 'done') return chatDoneEventSchema.parse(data);
      if (event === 'error') throw new Error(companionMessages.unavailableToast);
    }
  }
  throw new Error(companionMessages.unavailableToast);
}
