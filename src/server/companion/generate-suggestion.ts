import {
  suggestionSchema,
  type RequestSuggestionInput,
  type SuggestionResponse,
} from '../../shared/api/companion.ts';
import {
  SUGGESTION_MINIMUM_LENGTH,
  aiSettings,
  canRequestSuggestion,
  fallbackSuggestions,
  type SuggestionType,
} from '../../shared/rules/companion.ts';
import { AppError } from '../http/errors.ts';
import { askJson, logAiFailure } from './ask-json.ts';
import type { CompanionContext } from './companion-context.ts';
import { resolveMode } from './companion-settings.ts';
import { appendSafetyReply } from './conversation.ts';
import { describeLesson } from './lesson-grounding.ts';
import { findFeelingWords } from './feeling-words.ts';
import { checkSafety } from './safety-check.ts';

const suggestionFormat =
  'Suggest one way the learner could take their reflection further. Answer with a JSON object only: {"text": string (one or two sentences), "type": "deepening" | "clarity" | "insight" | "connection"}.';

export const suggestionTooShort = `A suggestion needs at least ${SUGGESTION_MINIMUM_LENGTH} characters of reflection.`;

export async function generateSuggestion(
  context: CompanionContext,
  userId: string,
  input: RequestSuggestionInput,
): Promise<SuggestionResponse> {
  if (!canRequestSuggestion(input.response)) {
    throw new AppError('bad_request', suggestionTooShort, { response: suggestionTooShort });
  }
  const lesson = describeLesson(context, input);
  const prompt = context.catalogue
    .getCourse(input.courseId)
    ?.modules.flatMap((module) => module.lessons)
    .find((lessonEntry) => lessonEntry.id === input.lessonId)
    ?.reflectionPrompts.find((entry) => entry.id === input.promptId);
  if (!prompt) throw new AppError('not_found', 'Reflection prompt not found');

  const mode = await resolveMode(context, userId);
  const { level, concern } = await checkSafety(context, {
    userId,
    text: input.response,
    path: 'suggestion',
    mode,
  });
  if (level === 'at-risk') {
    await appendSafetyReply(context, userId, input.courseId, concern);
    return { suggestion: null, source: 'fallback', isAtRisk: true, concern };
  }
  if (mode === 'ai' && level === 'none') {
    try {
      const suggestion = await askJson(context, userId, {
        ...aiSettings.suggestion,
        schema: suggestionSchema,
        messages: [
          {
            role: 'system',
            content: `${context.prompts.current().guidance}\n\n${suggestionFormat}`,
          },
          {
            role: 'user',
            content: `${lesson}\n\nReflection prompt: ${prompt.question}\n\nThe learner's reflection so far:\n${input.response}`,
          },
        ],
      });
      return { suggestion, source: 'openai', isAtRisk: false, concern: null };
    } catch (error) {
      logAiFailure(context, 'suggestion', error);
    }
  }
  const type = chooseSuggestionType(input.response);
  return {
    suggestion: { text: fallbackSuggestions[type], type },
    source: 'fallback',
    isAtRisk: false,
    concern: null,
  };
}

/**
 * Without the AI: what the text lacks decides the suggestion. No feeling named: go deeper; unsure
 * or rambling: clarity; feelings but no link to life: connection; otherwise: insight.
 */
export function chooseSuggestionType(text: string): SuggestionType {
  const lower = text.toLowerCase();
  const { positive, negative } = findFeelingWords(text);
  if (/\b(not sure|don't know|do not know|confus|maybe)\b|\?/.test(lower) || text.length > 1200) {
    return 'clarity';
  }
  if (positive.length + negative.length === 0) return 'deepening';
  if (
    !/\b(when|always|before|used to|remember|my (life|family|work|mother|father))\b/.test(lower)
  ) {
    return 'connection';
  }
  return 'insight';
}
