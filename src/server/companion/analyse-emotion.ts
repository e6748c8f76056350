import { emotionalStateSchema, type EmotionalState } from '../../shared/api/companion.ts';
import { aiSettings, type AiSource } from '../../shared/rules/companion.ts';
import { askJson, logAiFailure } from './ask-json.ts';
import type { CompanionContext } from './companion-context.ts';
import { resolveMode } from './companion-settings.ts';
import { estimateEmotion } from './offline-emotion.ts';

const emotionFormat =
  'Answer with a JSON object only: {"primary": string, "secondary": string or null, "intensity": integer 1-10, "sentiment": integer -10 to 10}.';

/** The emotional state of one reflection: from the AI service when allowed, else the lexicon. */
export async function analyseEmotion(
  context: CompanionContext,
  userId: string,
  reflection: { question: string; response: string },
): Promise<{ state: EmotionalState; source: AiSource }> {
  if ((await resolveMode(context, userId)) === 'ai') {
    try {
      const state = await askJson(context, userId, {
        ...aiSettings.emotion,
        schema: emotionalStateSchema,
        messages: [
          {
            role: 'system',
            content: `${context.prompts.current().assessment}\n\n${emotionFormat}`,
          },
          {
            role: 'user',
            content: `Reflection prompt: ${reflection.question}\n\nReflection: ${reflection.response}`,
          },
        ],
      });
      return { state, source: 'openai' };
    } catch (error) {
      logAiFailure(context, 'emotion', error);
    }
  }
  return { state: estimateEmotion(reflection.response), source: 'fallback' };
}
