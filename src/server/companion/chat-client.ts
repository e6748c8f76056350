import OpenAI from 'openai';
import type { Config } from '../config.ts';
import { AI_MAX_RETRIES, AI_TIMEOUT_MS } from '../../shared/rules/companion.ts';

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  messages: ChatTurn[];
  temperature: number;
  maxTokens: number;
}

export interface ChatAnswer {
  content: string;
  tokens: number;
}

/** The one wrapper around the AI vendor: an OpenAI-compatible chat-completions API. */
export interface ChatClient {
  /** A JSON object answer (response_format json_object), as text for the caller to validate. */
  completeJson: (request: ChatRequest) => Promise<ChatAnswer>;
  /** A streamed answer; `onDelta` receives each piece of text as it arrives. */
  stream: (request: ChatRequest, onDelta: (text: string) => void) => Promise<ChatAnswer>;
}

/** Null without OPENAI_API_KEY: the companion then runs on its fallback, as spec 2 §4 says. */
export function createChatClient(config: Config['openai']): ChatClient | null {
  if (!config.apiKey) return null;
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseUrl,
    timeout: AI_TIMEOUT_MS,
    maxRetries: AI_MAX_RETRIES,
  });
  return {
    async completeJson({ messages, temperature, maxTokens }) {
      const completion = await client.chat.completions.create({
        model: config.model,
        messages,
        temperature,
        max_tokens: maxTokens,
        response_format: { type: 'json_object' },
      });
      return {
        content: completion.choices[0]?.message.content ?? '',
        tokens: completion.usage?.total_tokens ?? 0,
      };
    },
    async stream({ messages, temperature, maxTokens }, onDelta) {
      const stream = await client.chat.completions.create({
        model: config.model,
        messages,
        temperature,
        max_tokens: maxTokens,
        stream: true,
        stream_options: { include_usage: true },
      });
      let content = '';
      let tokens = 0;
      for await (const chunk of stream) {
        const text = chunk.choices[0]?.delta?.content ?? '';
        if (text) {
          content += text;
          onDelta(text);
        }
        if (chunk.usage) tokens = chunk.usage.total_tokens;
      }
      return { content, tokens };
    },
  };
}
