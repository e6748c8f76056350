import type { SafetyReading } from './companion.ts';

/**
 * The sentence reader's heads (decision 014, "A reader of meaning on the server"): for suicide and
 * self-harm, eating-disorder risk and harm from others, a small network over the sentence
 * encoder's 512 numbers (one hidden layer), learnt by `npm run crisis:train`
 * (scripts/train-meaning-heads.ts) and stored in meaning-heads.json. A head reads a text at risk
 * when its score passes its threshold, chosen so that it alarms on a small share of harmless lines
 * held out by author.
 */
export interface MeaningHead {
  concern: 'suicide-self-harm' | 'eating-disorder' | 'harm-from-others';
  /**
   * The hidden layer: a row of 512 weights for each of its units, applied to the encoder's raw
   * numbers (the standardisation is folded in), and each unit's bias.
   */
  hidden: { weights: number[][]; bias: number[] };
  /** The score: a weight for each hidden unit, and a bias. */
  weights: number[];
  bias: number;
  threshold: number;
}

export interface MeaningHeads {
  /** The corpus and embeddings the heads were learnt from (meaning-training.ts). */
  learntFrom: string;
  heads: MeaningHead[];
}

/** A head's log-odds for one piece's numbers: each hidden unit's rectified sum, then their sum. */
export function headScore(
  head: Pick<MeaningHead, 'hidden' | 'weights' | 'bias'>,
  embedding: ArrayLike<number>,
) {
  let score = head.bias;
  head.hidden.weights.forEach((row, unit) => {
    let activation = head.hidden.bias[unit]!;
    for (let index = 0; index < row.length; index += 1) {
      activation += row[index]! * embedding[index]!;
    }
    if (activation > 0) score += head.weights[unit]! * activation;
  });
  return score;
}

/** How far each head's score passes its threshold for one piece's numbers (above 0: at risk). */
export function pieceMargins(heads: MeaningHeads, embedding: ArrayLike<number>): number[] {
  return heads.heads.map((head) => headScore(head, embedding) - head.threshold);
}

/**
 * A text's reading from its pieces' margins (pieceMargins): at risk of the concern whose head
 * passes its threshold by most in any piece, or null when none does.
 */
export function readMargins(heads: MeaningHeads, pieces: number[][]): SafetyReading | null {
  let best: { concern: MeaningHead['concern']; margin: number } | null = null;
  for (const margins of pieces) {
    for (const [head, margin] of margins.entries()) {
      if (margin > 0 && (!best || margin > best.margin)) {
        best = { concern: heads.heads[head]!.concern, margin };
      }
    }
  }
  return best && { level: 'at-risk', concern: best.concern };
}

/** A text's reading from its pieces' numbers (meaningPieces). */
export function readMeaning(
  heads: MeaningHeads,
  pieces: ArrayLike<number>[],
): SafetyReading | null {
  return readMargins(
    heads,
    pieces.map((embedding) => pieceMargins(heads, embedding)),
  );
}

/**
 * The sentence encoder reads about a hundred words of a text and no more: a longer text is read in
 * windows of whole sentences of at most this many words (a longer sentence is cut), each read on
 * its own, so that words at risk at the end of a long reflection are read too.
 */
export const MEANING_WINDOW_WORDS = 60;

/** A text in windows the encoder reads whole: the text itself when it is short enough. */
export function meaningWindows(text: string): string[] {
  return words(text).length <= MEANING_WINDOW_WORDS ? [text] : longTextWindows(text);
}

/**
 * What the reader reads of a text, each piece on its own: its windows, and each sentence of a
 * window of several alone. A text's meaning is a blend of its sentences', so a calm sentence beside
 * one at risk would soften it ("The lesson was about fire. I weigh myself five times a day…" read
 * whole is calm): read alone, a sentence reads the same whatever is written around it.
 */
export function meaningPieces(text: string): string[] {
  const windows = meaningWindows(text);
  const sentences = windows.flatMap((window) => {
    const inWindow = sentencesOf(window);
    return inWindow.length > 1 ? inWindow : [];
  });
  return [...new Set([...windows, ...sentences])];
}

function words(part: string): string[] {
  return part.split(/\s+/).filter((word) => word !== '');
}

/**
 * A text's sentences as a learner writes them: ended by a mark and a space ("i want to die. ok"
 * too, which a grammar's segmenter keeps as one sentence), or by a new line.
 */
function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?…])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

function longTextWindows(text: string): string[] {
  const windows: string[] = [];
  let window: string[] = [];
  for (const segment of sentencesOf(text)) {
    const sentence = words(segment);
    if (window.length > 0 && window.length + sentence.length > MEANING_WINDOW_WORDS) {
      windows.push(window.join(' '));
      window = [];
    }
    window.push(...sentence);
    while (window.length > MEANING_WINDOW_WORDS) {
      windows.push(window.splice(0, MEANING_WINDOW_WORDS).join(' '));
    }
  }
  if (window.length > 0) windows.push(window.join(' '));
  return windows;
}
