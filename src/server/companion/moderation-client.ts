import OpenAI from 'openai';
import type { Config } from '../config.ts';

/** The vendor's moderation endpoint: a second signal for self-harm, never the only one. */
export interface ModerationClient {
  /** True when the vendor flags self-harm; false when it does not, fails or is slow. */
  flagsSelfHarm: (text: string) => Promise<boolean>;
}

/** Long enough for a healthy vendor, short enough that help is never held up by a slow one. */
const MODERATION_TIMEOUT_MS = 3_000;
const selfHarmCategories = ['self-harm', 'self-harm/intent', 'self-harm/instructions'] as const;

/** Null without OPENAI_API_KEY, as the chat client. */
export function createModerationClient(
  config: Config['openai'],
  onFailure: (error: unknown) => void,
): ModerationClient | null {
  if (!config.apiKey) return null;
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseUrl,
    timeout: MODERATION_TIMEOUT_MS,
    maxRetries: 0,
  });
  return {
    async flagsSelfHarm(text) {
      try {
        // The signal bounds the whole answer; the client's timeout ends at its headers.
        const { results } = await client.moderations.create(
          { model: config.moderationModel, input: text },
          { signal: AbortSignal.timeout(MODERATION_TIMEOUT_MS) },
        );
        return results.some((result) =>
          selfHarmCategories.some((category) => result.categories[category]),
        );
      } catch (error) {
        onFailure(error);
        return false;
      }
    },
  };
}
