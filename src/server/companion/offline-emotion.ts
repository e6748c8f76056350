import Sentiment from 'sentiment';
import type { EmotionalState } from '../../shared/api/companion.ts';
import { clampInteger } from '../../shared/rules/companion.ts';

const analyser = new Sentiment();

/**
 * The emotional state of a text without the AI service: AFINN-165 word scores (the `sentiment`
 * package, MIT). Sentiment is the mean score of the feeling words (-5..5) doubled; intensity grows
 * with how strong they are and how many there are.
 */
export function estimateEmotion(text: string): EmotionalState {
  const result = analyser.analyze(text);
  const scores = result.calculation.map((entry) => Object.values(entry)[0] ?? 0);
  if (scores.length === 0) {
    return { primary: 'reflective', secondary: null, intensity: 1, sentiment: 0 };
  }
  const mean = scores.reduce((sum, score) => sum + score, 0) / scores.length;
  const meanStrength = scores.reduce((sum, score) => sum + Math.abs(score), 0) / scores.length;
  const sentiment = clampInteger(mean * 2, -10, 10);
  const intensity = clampInteger(meanStrength * 2 + 1.5 * Math.log2(scores.length), 1, 10);
  const hasBoth = result.positive.length > 0 && result.negative.length > 0;
  const primary = emotionName(sentiment, intensity);
  const secondary = hasBoth ? (sentiment >= 0 ? 'uneasy' : 'hopeful') : null;
  return { primary, secondary, intensity, sentiment };
}

function emotionName(sentiment: number, intensity: number): string {
  if (sentiment >= 1) return intensity > 6 ? 'joyful' : 'hopeful';
  if (sentiment <= -1) return intensity > 6 ? 'distressed' : 'uneasy';
  return 'reflective';
}

/** The feeling words of a text, for naming recurring emotions across reflections. */
export function feelingWords(text: string): { positive: string[]; negative: string[] } {
  const { positive, negative } = analyser.analyze(text);
  return { positive, negative };
}
