import { BoundedCache } from '../../shared/bounded-cache.ts';
import {
  meaningWindows,
  readMeaning,
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
 * Each window's numbers are kept (2 kB each): an autosave of a long draft re-reads only the
 * window typed since, and a text first read too slowly is read in time on its next save.
 */
const REMEMBERED_WINDOWS = 2_000;

export function createMeaningReader(
  onFailure: (error: unknown) => void,
  { heads = shippedHeads as MeaningHeads, timeoutMs = MEANING_READING_TIMEOUT_MS } = {},
): RiskReader {
  // Loaded now, so that the first learner's save does not wait on the model.
  startSentenceEncoder();
  const remembered = new BoundedCache<string, Float32Array>(REMEMBERED_WINDOWS);

  async function embeddingsOf(windows: string[]): Promise<Float32Array[]> {
    const known = new Map(windows.map((window) => [window, remembered.get(window)]));
    const fresh = [...known].filter(([, embedding]) => !embedding).map(([window]) => window);
    if (fresh.length > 0) {
      const embeddings = await encodeSentences(fresh, ENCODER_GIVE_UP_MS);
      fresh.forEach((window, index) => {
        known.set(window, embeddings[index]);
        remembered.set(window, embeddings[index]!);
      });
    }
    return windows.map((window) => known.get(window)!);
  }

  return {
    async readRisk(text) {
      try {
        return readMeaning(heads, await within(embeddingsOf(meaningWindows(text)), timeoutMs));
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
