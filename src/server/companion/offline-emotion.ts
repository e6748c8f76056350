import { SentimentIntensityAnalyzer } from 'vader-sentiment';
import type { EmotionalState } from '../../shared/api/companion.ts';
import { clampInteger } from '../../shared/rules/companion.ts';
import { countHopelessnessCues } from './hopelessness-cues.ts';

/**
 * "Yes" and "no" are what a learner says to others ("I keep saying yes to everyone"), not how they
 * feel; the lexicon scores them +1.7 and -1.2. "No" still negates what follows ("no joy", "no
 * longer anxious"), which the JavaScript port only does for "not".
 */
const valenceArtefacts: readonly [RegExp, string][] = [
  // What a learner has already walked away from is behind them: its heavy words are not how they
  // feel now ("I felt most sovereign when I walked away from what drained me").
  [
    /\b(walked away from|stepped away from|broke free from|broke away from|let go of) (?:(?!\b(?:and|but)\b)[^,.;:!?])*/gi,
    '$1',
  ],
  [/\b(say|says|said|saying) (?:yes|no)\b/gi, '$1'],
  [/\byes\b/gi, ''],
  [/\bno\b/gi, 'not'],
];

/** Both sides weigh at least this share of the text: the reading names the other side too. */
const MIXED_SHARE = 0.1;

/**
 * The emotional state of a text without the AI service. VADER (the `vader-sentiment` package,
 * Apache-2.0, lexicon MIT) reads valence with negation, intensifiers and "but"; its compound score
 * (-1..1) times ten is the sentiment and its strength the intensity. Hopelessness VADER misses
 * ("nobody would notice if I was gone for good") turns the reading hopeless and never positive.
 */
export function estimateEmotion(text: string): EmotionalState {
  const { compound, pos, neg } = SentimentIntensityAnalyzer.polarity_scores(
    valenceArtefacts.reduce((result, [word, meant]) => result.replace(word, meant), text),
  );
  const cues = countHopelessnessCues(text);
  const baseSentiment = clampInteger(compound * 10, -10, 10);
  const baseIntensity = clampInteger(1 + 9 * Math.abs(compound), 1, 10);
  if (cues > 0) {
    return {
      primary: 'hopeless',
      secondary: null,
      intensity: Math.max(baseIntensity, clampInteger(6 + 2 * cues, 1, 10)),
      sentiment: Math.min(baseSentiment, clampInteger(-3 - 2 * cues, -10, 10)),
    };
  }
  const primary = emotionName(baseSentiment, baseIntensity);
  const isMixed = pos >= MIXED_SHARE && neg >= MIXED_SHARE && baseSentiment !== 0;
  const secondary = isMixed ? (baseSentiment > 0 ? 'uneasy' : 'hopeful') : null;
  return { primary, secondary, intensity: baseIntensity, sentiment: baseSentiment };
}

function emotionName(sentiment: number, intensity: number): string {
  if (sentiment >= 1) return intensity > 6 ? 'joyful' : 'hopeful';
  if (sentiment <= -1) return intensity > 6 ? 'distressed' : 'uneasy';
  return 'reflective';
}
