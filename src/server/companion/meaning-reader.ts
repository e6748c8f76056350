import { BoundedCache } from '../../shared/bounded-cache.ts';
import {
  meaningPieces,
  pieceMargins,
  readMargins,
  type MeaningHeads,
} from '../../shared/rules/meaning-heads.ts';
import shippedHeads from '../../shared/rules/meaning-heads.json' with { type: 'json' };
import type { RiskReader } from './risk-reader.ts';
import { encodeSentences, startSentenceEncoder } from './sentence-encoder.ts';

/**
 * The reader of meaning on the server (decision 014): the sentence encoder's numbers for a text
 * the detector cleared, read by a head for each concern (a child's disclosure is read as harm
 * from others). It runs in every mode, with no vendor, and only adds help: no answer
 * within the bound leaves the detector's reading standing.
 */

/** A save waits no longer than this for it. */
export const MEANING_READING_TIMEOUT_MS = 3_000;
/** The encoder's own limit: an answer later than the bound still fills the memory below. */
const ENCODER_GIVE_UP_MS = 60_000;
/**
 * Each piece's reading is kept (its heads' margins, not its 512 numbers): an autosave of a long
 * draft encodes and scores only the pieces typed since (scoring the longest reflection's hundred
 * and more pieces again took 7 ms of the event loop), and a text first read too slowly is read in
 * time on its next save.
 */
const REMEMBERED_PIECES = 2_000;
/**
 * A long reflection's pieces (a hundred or more, read the first time) go to the encoder a few at a
 * time: together they would fill its queue alone, and other learners' texts are read between them.
 */
const TEXTS_AT_ONCE = 16;

export function createMeaningReader(
  onFailure: (error: unknown) => void,
  { heads = shippedHeads as MeaningHeads, timeoutMs = MEANING_READING_TIMEOUT_MS } = {},
): RiskReader {
  // Loaded now, so that the first learner's save does not wait on the model.
  startSentenceEncoder();
  const remembered = new BoundedCache<string, number[]>(REMEMBERED_PIECES);

  async function marginsOf(pieces: string[]): Promise<number[][]> {
    const known = new Map(pieces.map((piece) => [piece, remembered.get(piece)]));
    const fresh = [...known].filter(([, margins]) => !margins).map(([piece]) => piece);
    for (let start = 0; start < fresh.length; start += TEXTS_AT_ONCE) {
      const sent = fresh.slice(start, start + TEXTS_AT_ONCE);
      const embeddings = await encodeSentences(sent, ENCODER_GIVE_UP_MS);
      sent.forEach((piece, index) => {
        const margins = pieceMargins(heads, embeddings[index]!);
        known.set(piece, margins);
        remembered.set(piece, margins);
      });
    }
    return pieces.map((piece) => known.get(piece)!);
  }

  return {
    async readRisk(text) {
      try {
        return readMargins(heads, await within(marginsOf(meaningPieces(text)), timeoutMs));
      } catch (error) {
        onFailure(error);
        return null;
      }
    },
  };
}

function within<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The reader of meaning took longer than ${timeoutMs} ms`)),
      timeoutMs,
    );
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
