import type { FastifyBaseLogger } from 'fastify';
import OpenAI from 'openai';
import type { Config } from '../config.ts';
import { createCircuitBreaker } from './circuit-breaker.ts';

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  messages: ChatTurn[];
  temperature: number;
  maxTokens: number;
  /** Ends the call early, as when the learner leaves. */
  signal?: AbortSignal;
}

export interface ChatAnswer {
  content: string;
  /** The vendor's count, or an estimate when it sends none, so the daily cap still holds. */
  tokens: number;
}

/** The one wrapper around the AI vendor: an OpenAI-compatible chat-completions API. */
export interface ChatClient {
  /** A JSON object answer (response_format json_object), as text for the caller to validate. */
  completeJson: (request: ChatRequest) => Promise<ChatAnswer>;
  /** A streamed answer; `onDelta` receives each piece of text as it arrives. */
  stream: (request: ChatRequest, onDelta: (text: string) => void) => Promise<ChatAnswer>;
  /** False while the vendor is skipped after failing several times in a row. */
  isAvailable: () => boolean;
  /** Refuses new calls and aborts those in flight after a short grace: the app is closing. */
  close: () => void;
}

/** The vendor was not called: it is being skipped after failures, or the app is closing. */
export class AiUnavailableError extends Error {
  override name = 'AiUnavailableError';
}

/** The vendor did not answer, or went silent mid-stream, within its deadline. */
export class AiTimeoutError extends Error {
  override name = 'AiTimeoutError';
}

type Limits = Config['aiLimits'];

/** Null without OPENAI_API_KEY: the companion then runs on its fallback, as spec 2 §4 says. */
export function createChatClient(
  config: Config['openai'],
  limits: Limits,
  log: FastifyBaseLogger,
): ChatClient | null {
  if (!config.apiKey) return null;
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseUrl,
    timeout: limits.attemptTimeoutMs,
    maxRetries: limits.maxRetries,
  });
  const breaker = createCircuitBreaker({
    ...limits.breaker,
    onOpen: (failures) =>
      log.warn(
        { failures, coolDownMs: limits.breaker.coolDownMs },
        'the AI service keeps failing; the companion skips it for a while',
      ),
  });
  let isClosing = false;
  const closing = new AbortController();

  /** One vendor call under its deadlines, the caller's signal and the app's closing. */
  async function guarded<Answer>(
    callerSignal: AbortSignal | undefined,
    deadlineMs: number,
    work: (timer: CallTimer) => Promise<Answer>,
  ): Promise<Answer> {
    if (isClosing) throw new AiUnavailableError('The app is closing.');
    if (!breaker.tryAcquire()) {
      throw new AiUnavailableError('The AI service is skipped after repeated failures.');
    }
    const timer = startCallTimer(deadlineMs, [closing.signal, callerSignal]);
    try {
      const answer = await untilAborted(work(timer), timer.signal);
      breaker.recordSuccess();
      return answer;
    } catch (error) {
      const reason: unknown = timer.signal.aborted ? timer.signal.reason : error;
      if (isVendorFault(reason, timer.signal.aborted)) breaker.recordFailure();
      else breaker.release();
      throw reason;
    } finally {
      timer.stop();
    }
  }

  return {
    completeJson: ({ messages, temperature, maxTokens, signal }) =>
      guarded(signal, limits.answerDeadlineMs, async (timer) => {
        const completion = await client.chat.completions.create(
          {
            model: config.model,
            messages,
            temperature,
            max_tokens: maxTokens,
            response_format: { type: 'json_object' },
          },
          { signal: timer.signal },
        );
        const content = completion.choices[0]?.message.content ?? '';
        return {
          content,
          tokens: completion.usage?.total_tokens ?? estimateTokens(messages, content),
        };
      }),
    stream: ({ messages, temperature, maxTokens, signal }, onDelta) =>
      guarded(signal, limits.streamDeadlineMs, async (timer) => {
        // The SDK's timeout ends at the response headers; silence after them is ours to bound.
        timer.expectWithin(limits.answerDeadlineMs, 'no first chunk');
        const stream = await client.chat.completions.create(
          {
            model: config.model,
            messages,
            temperature,
            max_tokens: maxTokens,
            stream: true,
            stream_options: { include_usage: true },
          },
          { signal: timer.signal },
        );
        let content = '';
        let tokens: number | null = null;
        for await (const chunk of stream) {
          // A chunk already read when the call was given up must not reach the learner.
          timer.signal.throwIfAborted();
          timer.expectWithin(limits.streamIdleMs, 'no next chunk');
          const text = chunk.choices[0]?.delta?.content ?? '';
          if (text) {
            content += text;
            onDelta(text);
          }
          if (chunk.usage) tokens = chunk.usage.total_tokens;
        }
        return { content, tokens: tokens ?? estimateTokens(messages, content) };
      }),
    isAvailable: () => !isClosing && breaker.isAvailable(),
    close: () => {
      isClosing = true;
      const abort = () => closing.abort(new AiUnavailableError('The app is closing.'));
      setTimeout(abort, limits.closeGraceMs).unref();
    },
  };
}

/** About four characters a token in English: enough to keep a daily cap honest. */
export function estimateTokens(messages: ChatTurn[], answer: string): number {
  const characters = messages.reduce((sum, turn) => sum + turn.content.length, answer.length);
  return Math.ceil(characters / 4);
}

interface CallTimer {
  /** Aborted at the deadline, at a silence too long, or when a linked signal aborts. */
  signal: AbortSignal;
  /** (Re)starts the wait for the vendor's next sign of life. */
  expectWithin: (ms: number, what: string) => void;
  stop: () => void;
}

function startCallTimer(deadlineMs: number, links: (AbortSignal | undefined)[]): CallTimer {
  const controller = new AbortController();
  const timeOut = (message: string) => controller.abort(new AiTimeoutError(message));
  const deadline = setTimeout(() => timeOut(`no whole answer within ${deadlineMs} ms`), deadlineMs);
  let silence: NodeJS.Timeout | undefined;
  // Listeners rather than AbortSignal.any: the app's closing signal lives as long as the process.
  const unlinks = links.flatMap((link) => {
    if (!link) return [];
    const abort = () => controller.abort(link.reason);
    if (link.aborted) abort();
    link.addEventListener('abort', abort, { once: true });
    return [() => link.removeEventListener('abort', abort)];
  });
  return {
    signal: controller.signal,
    expectWithin: (ms, what) => {
      clearTimeout(silence);
      silence = setTimeout(() => timeOut(`${what} within ${ms} ms`), ms);
    },
    stop: () => {
      clearTimeout(deadline);
      clearTimeout(silence);
      for (const unlink of unlinks) unlink();
    },
  };
}

/** Settles with the work, or rejects with the signal's reason as soon as it aborts. */
function untilAborted<Answer>(work: Promise<Answer>, signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * What tells the breaker the vendor is unwell: its deadlines missed, 5xx, 408, 429, a refused or
 * broken connection. A 4xx is our request's fault, and a call we aborted says nothing.
 */
function isVendorFault(error: unknown, wasAborted: boolean): boolean {
  if (error instanceof AiTimeoutError) return true;
  if (wasAborted || error instanceof OpenAI.APIUserAbortError) return false;
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    return error.status >= 500 || error.status === 408 || error.status === 429;
  }
  return true;
}
