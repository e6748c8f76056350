import type { MoodPoint } from '../../shared/api/companion.ts';
import type { CompanionReflection } from './companion-context.ts';
import type { NewPattern } from './journey-records.ts';
import { findFeelingWords } from './feeling-words.ts';

const MIN_THEME_LENGTH = 5;
// Long words that carry no theme of their own.
const fillerWords = new Set([
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

/**
 * Patterns without the AI: words that recur across reflections (themes), feeling words that
 * recur (emotions), and the direction of the mood over time.
 */
export function findRecurringPatterns(
  reflections: readonly CompanionReflection[],
  moods: readonly MoodPoint[],
): NewPattern[] {
  const patterns: NewPattern[] = [];
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
    });
  }
  const bright = mostRecurring(reflections, (text) => findFeelingWords(text).positive);
  if (bright) {
    patterns.push({
      type: 'strength',
      title: `A source of strength: ${bright.word}`,
      description: `“${bright.word}” shows up in ${bright.count} of your reflections: something that sustains you.`,
      suggestions: ['Make room for more of what brings this feeling.'],
    });
  }
  const trend = moodTrend(moods);
  if (trend !== null && trend >= 3) {
    patterns.push({
      type: 'growth',
      title: 'Your outlook is lifting',
      description: 'The tone of your recent reflections is brighter than that of your first ones.',
      suggestions: ['Look back at an early reflection and notice what has changed since.'],
    });
  }
  if (patterns.length === 0) {
    patterns.push({
      type: 'growth',
      title: 'A steady reflective practice',
      description: `You have completed ${reflections.length} reflections. Returning to the page again and again is itself a pattern of growth.`,
      suggestions: ['Reread your reflections side by side and notice what they share.'],
    });
  }
  return patterns;
}

function themeWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z][a-z'-]+/g) ?? []).filter(
    (word) => word.length >= MIN_THEME_LENGTH && !fillerWords.has(word),
  );
}

/** The word found in the most reflections, if it is in at least two. */
function mostRecurring(
  reflections: readonly CompanionReflection[],
  wordsOf: (text: string) => string[],
): { word: string; count: number } | null {
  const counts = new Map<string, number>();
  for (const reflection of reflections) {
    for (const word of new Set(wordsOf(reflection.response))) {
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  let best: { word: string; count: number } | null = null;
  for (const [word, count] of counts) {
    if (count >= 2 && (!best || count > best.count)) best = { word, count };
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
