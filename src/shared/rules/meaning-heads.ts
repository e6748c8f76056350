import type { SafetyReading } from './companion.ts';

/**
 * The sentence reader's heads (decision 014, "A reader of meaning on the server"): for each
 * concern the detector misses most, a logistic regression over the sentence encoder's 512
 * numbers, learnt by `npm run crisis:train` (scripts/train-meaning-heads.ts) and stored in
 * meaning-heads.json. A head reads a text at risk when its score passes its threshold, chosen so
 * that it alarms on a small share of harmless lines held out by author.
 */
export interface MeaningHead {
  concern: 'eating-disorder' | 'harm-from-others';
  /** Applied to the encoder's raw numbers: the standardisation is folded in. */
  weights: number[];
  bias: number;
  threshold: number;
}

export interface MeaningHeads {
  /** The corpus and embeddings the heads were learnt from (meaning-training.ts). */
  learntFrom: string;
  heads: MeaningHead[];
}

export function headScore(
  head: Pick<MeaningHead, 'weights' | 'bias'>,
  embedding: ArrayLike<number>,
) {
  let score = head.bias;
  for (let index = 0; index < head.weights.length; index += 1) {
    score += head.weights[index]! * embedding[index]!;
  }
  return score;
}

/** At risk of the concern whose head passes its threshold by most, or null when none does. */
export function readMeaning(
  heads: MeaningHeads,
  embedding: ArrayLike<number>,
): SafetyReading | null {
  let best: { concern: MeaningHead['concern']; margin: number } | null = null;
  for (const head of heads.heads) {
    const margin = headScore(head, embedding) - head.threshold;
    if (margin > 0 && (!best || margin > best.margin)) best = { concern: head.concern, margin };
  }
  return best && { level: 'at-risk', concern: best.concern };
}
