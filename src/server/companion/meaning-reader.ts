import { BoundedCache } from '../../shared/bounded-cache.ts';
import type { SafetyReading } from '../../shared/rules/companion.ts';
import { readMeaning, type MeaningHeads } from '../../shared/rules/meaning-heads.ts';
import shippedHeads from '../../shared/rules/meaning-heads.json' with { type: 'json' };
import type { RiskReader } from './risk-reader.ts';
import { encodeSentence, startSentenceEncoder } from './sentence-encoder.ts';

/**
 * The reader of meaning on the server (decision 014): the sentence encoder's numbers for a text
 * the detector cleared, read by heads for the concerns the detector misses most (eating-disorder
 * risk, harm from others). It runs in every mode, with no vendor, and only adds help: no answer
 * within the bound leaves the detector's reading standing.
 */

/** A save waits no longer than this for it; a long reflection on a busy machine is read in about 1 s. */
export const MEANING_READING_TIMEOUT_MS = 3_000;
/** Drafts autosave again and again, and chat history is read each turn: a text is read once. */
const REMEMBERED_TEXTS = 500;
const LONGEST_REMEMBERED_TEXT = 20_000;

export function createMeaningReader(
  onFailure: (error: unknown) => void,
  { heads = shippedHeads as MeaningHeads, timeoutMs = MEANING_READING_TIMEOUT_MS } = {},
): RiskReader {
  // Loaded now, so that the first learner's save does not wait on the model.
  startSentenceEncoder();
  const remembered = new BoundedCache<string, SafetyReading | null>(REMEMBERED_TEXTS);
  return {
    async readRisk(text) {
      const known = remembered.get(text);
      if (known !== undefined) return known;
      try {
        const reading = readMeaning(heads, await encodeSentence(text, timeoutMs));
        if (text.length <= LONGEST_REMEMBERED_TEXT) remembered.set(text, reading);
        return reading;
      } catch (error) {
        onFailure(error);
        return null;
      }
    },
  };
}
