import type { MoodPoint } from '../../shared/api/companion.ts';
import type { CompanionReflection } from './companion-context.ts';
import type { NewPattern } from './journey-records.ts';
import { findFeelingWords } from './feeling-words.ts';

const MIN_THEME_LENGTH = 5;
/**
 * Words a pattern is never named after: function words, valence artefacts of sentiment lexicons
 * ("yes", "no", "want", "like"), words every reflection of a course shares, and long words that
 * carry no theme of their own.
 */
export const patternStopwords = new Set([
  'yes',
  'no',
  'not',
  'want',
  'wanted',
  'wants',
  'like',
  'liked',
  'likes',
  'feel',
  'feels',
  'feeling',
  'feelings',
  'good',
  'great',
  'really',
  'just',
  'okay',
  'lesson',
  'lessons',
  'course',
  'reflection',
  'people',
  'someone',
  'everyone',
  'anyone',
  'nobody',
  'little',
  'much',
  'about',
  'after',
  'again',
  'always',
  'around',
  'because',
  'before',
  'being',
  'could',
  'every',
  'going',
  'maybe',
  'might',
  'never',
  'other',
  'really',
  'should',
  'something',
  'still',
  'their',
  'there',
  'these',
  'thing',
  'things',
  'think',
  'those',
  'through',
  'today',
  'where',
  'which',
  'while',
  'would',
  'myself',
  'yourself',
  'without',
  'within',
  'everything',
  'nothing',
]);

/** A pattern and the reflections it rests on. */
export type FoundPattern = NewPattern & { reflectionIds: string[] };

/**
 * Patterns without the AI: words that recur across reflections (themes), feeling words that
 * recur (emotions), and the direction of the mood over time.
 */
export function findRecurringPatterns(
  reflections: readonly CompanionReflection[],
  moods: readonly MoodPoint[],
): FoundPattern[] {
  const allIds = reflections.map((reflection) => reflection.id);
  const patterns: FoundPattern[] = [];
  const theme = mostRecurring(reflections, themeWords);
  if (theme) {
    patterns.push({
      type: 'insight',
      title: `“${theme.word}” keeps returning`,
      description: `You wrote about “${theme.word}” in ${theme.count} of your last ${reflections.length} reflections. What keeps returning usually matters.`,
      suggestions: [
        `Write one sentence on what “${theme.word}” means to you right now.`,
        'Notice when it comes up in your day this week.',
      ],
      reflectionIds: theme.reflectionIds,
    });
  }
  const heavy = mostRecurring(reflections, (text) => findFeelingWords(text).negative);
  if (heavy) {
    patterns.push({
      type: 'challenge',
      title: `A recurring feeling: ${heavy.word}`,
      description: `“${heavy.word}” appears in ${heavy.count} of your reflections. It may point to something asking for your attention.`,
      suggestions: [
        'When this feeling arrives, pause and name what triggered it.',
        'Be as gentle with yourself as you would be with a friend feeling this.',
      ],
      reflectionIds: heavy.reflectionIds,
    });
  }
  const bright = mostRecurring(reflections, (text) => findFeelingWords(text).positive);
  if (bright) {
    patterns.push({
      type: 'strength',
      title: `A source of strength: ${bright.word}`,
      description: `“${bright.word}” shows up in ${bright.count} of your reflections: something that sustains you.`,
      suggestions: ['Make room for more of what brings this feeling.'],
      reflectionIds: bright.reflectionIds,
    });
  }
  const trend = moodTrend(moods);
  if (trend !== null && trend >= 3) {
    patterns.push({
      type: 'growth',
      title: 'Your outlook is lifting',
      description: 'The tone of your recent reflections is brighter than that of your first ones.',
      suggestions: ['Look back at an early reflection and notice what has changed since.'],
      reflectionIds: allIds,
    });
  }
  if (patterns.length === 0) {
    patterns.push({
      type: 'growth',
      title: 'A steady reflective practice',
      description: `You have completed ${reflections.length} reflections. Returning to the page again and again is itself a pattern of growth.`,
      suggestions: ['Reread your reflections side by side and notice what they share.'],
      reflectionIds: allIds,
    });
  }
  return patterns;
}

function themeWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z][a-z'-]+/g) ?? []).filter(
    (word) => word.length >= MIN_THEME_LENGTH,
  );
}

/** A feeling or theme a pattern may be named after. */
const isNameable = (word: string) => !patternStopwords.has(word);

/** The word found in the most reflections, if it is in at least two, and those reflections. */
function mostRecurring(
  reflections: readonly CompanionReflection[],
  wordsOf: (text: string) => string[],
): { word: string; count: number; reflectionIds: string[] } | null {
  const found = new Map<string, string[]>();
  for (const reflection of reflections) {
    for (const word of new Set(wordsOf(reflection.response).filter(isNameable))) {
      found.set(word, [...(found.get(word) ?? []), reflection.id]);
    }
  }
  let best: { word: string; count: number; reflectionIds: string[] } | null = null;
  for (const [word, reflectionIds] of found) {
    const count = reflectionIds.length;
    if (count >= 2 && (!best || count > best.count)) best = { word, count, reflectionIds };
  }
  return best;
}

/** Mean sentiment of the later half minus that of the earlier half. */
function moodTrend(moods: readonly MoodPoint[]): number | null {
  if (moods.length < 2) return null;
  const half = Math.floor(moods.length / 2);
  const mean = (points: readonly MoodPoint[]) =>
    points.reduce((sum, point) => sum + point.sentiment, 0) / points.length;
  return mean(moods.slice(moods.length - half)) - mean(moods.slice(0, half));
}
