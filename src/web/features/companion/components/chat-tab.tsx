import { useQueryClient } from '@tanstack/react-query';
import { SendHorizontal } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { notify } from '../../../lib/notify.ts';
import type { ChatMessage, Conversation } from '../../../../shared/api/companion.ts';
import { CHAT_MESSAGE_MAX_LENGTH, companionMessages } from '../../../../shared/rules/companion.ts';
import { ApiError, messageOf } from '../../../lib/api-client.ts';
import { Button } from '../../../components/ui/button.tsx';
import { companionSettingsQueryKey } from '../api/companion-settings.ts';
import { conversationQueryKey, useConversation } from '../api/get-conversation.ts';
import { sendChatMessage } from '../api/send-chat-message.ts';
import { ChatBubble, SafetyBubble } from './chat-bubble.tsx';
import { TypedText } from './typed-text.tsx';

interface Live {
  /** Changes when a different message starts typing; stays while a streamed reply is stored. */
  key: string;
  messageId: string | null;
  text: string;
  isComplete: boolean;
}

/** The conversation: welcome, stored messages, streamed replies typed out at the learner's speed. */
export function ChatTab({
  courseId,
  lesson,
  msPerCharacter,
}: {
  courseId: string;
  lesson: { moduleId: string; lessonId: string };
  msPerCharacter: number;
}) {
  const queryClient = useQueryClient();
  const conversation = useConversation(courseId);
  const [draft, setDraft] = useState('');
  const [pendingUserText, setPendingUserText] = useState<string | null>(null);
  const [streaming, setStreaming] = useState<Live | null>(null);
  const [queue, setQueue] = useState<ChatMessage[]>([]);
  const knownIds = useRef<Set<string> | null>(null);
  // Safety replies that arrive while the learner is here are announced; stored ones are not.
  const [freshSafetyIds, setFreshSafetyIds] = useState<string[]>([]);
  const list = useRef<HTMLDivElement>(null);

  // AI messages that arrive later (a supportive word, a congratulation) are typed out in turn.
  const messages = conversation.data?.messages;
  useEffect(() => {
    if (!messages) return;
    if (!knownIds.current) {
      knownIds.current = new Set(messages.map((message) => message.id));
      return;
    }
    const known = knownIds.current;
    const arrivals = messages.filter((message) => !known.has(message.id));
    for (const message of arrivals) known.add(message.id);
    const aiArrivals = arrivals.filter((message) => message.sender === 'ai');
    // Help is never typed out: it shows whole, at once, outside the queue.
    const safety = aiArrivals.filter(isSafety).map((message) => message.id);
    const typed = aiArrivals.filter((message) => !isSafety(message));
    if (safety.length > 0) setFreshSafetyIds((ids) => [...ids, ...safety]);
    if (typed.length > 0) setQueue((waiting) => [...waiting, ...typed]);
  }, [messages]);

  // Scrolls the conversation only; scrollIntoView would scroll the lesson page too.
  useEffect(() => {
    const log = list.current;
    if (log) log.scrollTop = log.scrollHeight;
  });

  // A streamed reply types first; arrivals wait their turn.
  const head = queue[0];
  const live: Live | null =
    streaming ??
    (head ? { key: head.id, messageId: head.id, text: head.content, isComplete: true } : null);
  const isStreaming = streaming !== null;
  const finishTyping = useCallback(() => {
    if (isStreaming) setStreaming(null);
    else setQueue((waiting) => waiting.slice(1));
  }, [isStreaming]);
  const isSending = pendingUserText !== null;

  async function send(event?: FormEvent) {
    event?.preventDefault();
    const message = draft;
    if (message.trim() === '' || isSending || isStreaming) return;
    setDraft('');
    setPendingUserText(message);
    const key = `reply-${Date.now()}`;
    setStreaming({ key, messageId: null, text: '', isComplete: false });
    try {
      const done = await sendChatMessage(courseId, { ...lesson, message }, (text) =>
        setStreaming((current) => current && { ...current, text: current.text + text }),
      );
      knownIds.current?.add(done.userMessage.id).add(done.reply.id);
      queryClient.setQueryData<Conversation>(conversationQueryKey(courseId), (current) => ({
        messages: [...(current?.messages ?? []), done.userMessage, done.reply],
      }));
      if (isSafety(done.reply)) {
        setStreaming(null);
        setFreshSafetyIds((ids) => [...ids, done.reply.id]);
      } else {
        // A stream that broke off is replaced by the stored fallback, typed out afresh.
        setStreaming((current) => ({
          key: current?.text && !done.reply.content.startsWith(current.text) ? `${key}-whole` : key,
          messageId: done.reply.id,
          text: done.reply.content,
          isComplete: true,
        }));
      }
      if (done.isDegraded) notify.site.notice(companionMessages.fallbackToast);
      // A fallback reply may mean the AI service became unavailable: the panel's mode line follows.
      if (done.reply.source === 'fallback') {
        void queryClient.invalidateQueries({ queryKey: companionSettingsQueryKey });
      }
    } catch (error) {
      setStreaming(null);
      setDraft(message);
      notify.site.error(
        error instanceof ApiError && error.status === 429
          ? messageOf(error, companionMessages.unavailableToast)
          : companionMessages.unavailableToast,
      );
    } finally {
      setPendingUserText(null);
    }
  }

  function sendOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  }

  const queuedIds = new Set(queue.map((message) => message.id));

  const shown = (messages ?? []).filter(
    (message) => message.id !== live?.messageId && !queuedIds.has(message.id),
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        ref={list}
        role="log"
        aria-label="Conversation"
        aria-busy={live !== null}
        className="min-h-0 flex-1 overflow-y-auto px-4 py-4"
      >
        <ol className="space-y-3">
          {companionMessages.welcome.map((text) => (
            <ChatBubble key={text} sender="ai">
              {text}
            </ChatBubble>
          ))}
          {shown.map((message) =>
            isSafety(message) ? (
              <SafetyBubble
                key={message.id}
                content={message.content}
                concern={message.concern}
                isAlert={freshSafetyIds.includes(message.id)}
              />
            ) : (
              <ChatBubble key={message.id} sender={message.sender}>
                {message.content}
              </ChatBubble>
            ),
          )}
          {pendingUserText !== null && <ChatBubble sender="user">{pendingUserText}</ChatBubble>}
          {live && (
            <ChatBubble key={`live-${live.key}`} sender="ai">
              {live.text === '' ? (
                <span className="text-ink-600">…</span>
              ) : (
                <TypedText
                  text={live.text}
                  msPerCharacter={msPerCharacter}
                  isComplete={live.isComplete}
                  onDone={finishTyping}
                />
              )}
            </ChatBubble>
          )}
        </ol>
      </div>
      <form
        onSubmit={(event) => void send(event)}
        className="flex items-end gap-2 border-t border-ink-600/20 p-3"
      >
        <label htmlFor="companion-input" className="sr-only">
          Message to your AI companion
        </label>
        <textarea
          id="companion-input"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={sendOnEnter}
          placeholder={companionMessages.inputPlaceholder}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          rows={2}
          className="block min-h-0 flex-1 resize-none rounded-lg border border-ink-600/40 px-3 py-2 text-sm text-ink-900 placeholder:text-ink-600 focus:border-flame-600"
        />
        <Button
          type="submit"
          size="icon"
          aria-label="Send message"
          disabled={draft.trim() === '' || isSending || isStreaming}
        >
          <SendHorizontal className="h-5 w-5" aria-hidden="true" />
        </Button>
      </form>
    </div>
  );
}

const isSafety = (message: ChatMessage) => message.kind === 'safety';
