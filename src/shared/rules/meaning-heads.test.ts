import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROGRAMME_AUTHOR, readCorpus } from './crisis-corpus.ts';
import { readFirstContact, readHeldOutAuthors, type MeasuredGroup } from './crisis-evaluation.ts';
import {
  MEANING_WINDOW_WORDS,
  meaningPieces,
  meaningWindows,
  type MeaningHeads,
} from './meaning-heads.ts';
import shippedHeads from './meaning-heads.json' with { type: 'json' };
import {
  MEANING_GROUPS,
  firstContactVoices,
  meaningDigest,
  meaningTrainingLines,
  readEmbeddings,
  readHeldOutMeaning,
  readWithHeads,
  withMeaning,
} from './meaning-training.ts';

const heads = shippedHeads as MeaningHeads;
const lines = meaningTrainingLines();
const embeddings = readEmbeddings();

function rate(readings: { isAtRisk: boolean }[]): number {
  return readings.filter((reading) => reading.isAtRisk).length / readings.length;
}

type Floors = Partial<Record<MeasuredGroup, { atLeast?: number; atMost?: number }>>;

function expectFloors(readings: ReturnType<typeof readFirstContact>, floors: Floors) {
  for (const [group, { atLeast, atMost }] of Object.entries(floors)) {
    const inGroup = readings.filter((reading) => reading.group === group);
    expect(inGroup.length, group).toBeGreaterThan(0);
    if (atLeast !== undefined) expect(rate(inGroup), group).toBeGreaterThanOrEqual(atLeast);
    if (atMost !== undefined) expect(rate(inGroup), group).toBeLessThanOrEqual(atMost);
  }
}

describe('the windows and sentences a text is read in', () => {
  it('are the text itself when it is short', () => {
    const text = 'I weigh myself five times a day.\n\nThe number decides my mood.';
    expect(meaningWindows(text)).toEqual([text]);
  });

  it('cover every word of a long text in order, in whole sentences of at most 60 words', () => {
    const sentence = (index: number) => `Sentence ${index} has exactly seven words here.`;
    const text = Array.from({ length: 40 }, (_, index) => sentence(index)).join(' ');
    const windows = meaningWindows(text);
    expect(windows.join(' ')).toBe(text);
    for (const window of windows) {
      expect(window.split(' ').length).toBeLessThanOrEqual(MEANING_WINDOW_WORDS);
      expect(window).toMatch(/^Sentence \d+ .*here\.$/);
    }
  });

  it('hold each sentence alone too, whatever is written around it', () => {
    const sentences = readCorpus()
      .map((line) => line.text.trim())
      .filter((text) => /^[^.!?\n]+[.!?]$/.test(text));
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...sentences), { minLength: 2, maxLength: 12 }),
        (parts) => {
          const pieces = new Set(meaningPieces(parts.join(' ')));
          for (const sentence of parts) expect(pieces, sentence).toContain(sentence);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('cut a sentence longer than a window', () => {
    const text = Array.from({ length: 150 }, (_, index) => `word${index}`).join(' ');
    expect(meaningWindows(text).map((window) => window.split(' ').length)).toEqual([60, 60, 30]);
  });
});

describe('the reader of meaning’s heads', () => {
  it('were learnt from these lines and their stored embeddings (else run npm run crisis:train)', () => {
    expect(heads.learntFrom).toBe(meaningDigest(lines, embeddings));
  });

  it('never learnt from the first-contact voices', () => {
    const learnt = new Set(lines.map((line) => line.text));
    expect(firstContactVoices().filter((line) => learnt.has(line.text))).toEqual([]);
  });
});

/**
 * The detector and the reader of meaning as the server asks them (the reader only of what the
 * detector clears), on authors held out in four groups. Floors: what the two hold today
 * (decision 014); the detector alone holds 88.7 % of suicide lines, 78 % of eating-disorder lines
 * and 86 % of harm, at 8.9 % false alarms.
 */
describe('the detector and the reader of meaning on authors they never learnt from', () => {
  const isReadAtRisk = readHeldOutMeaning(lines, embeddings);
  const readings = withMeaning(
    readHeldOutAuthors(readCorpus(), MEANING_GROUPS),
    lines,
    isReadAtRisk,
  );

  it('hold their floors', () => {
    expectFloors(readings, {
      suicide: { atLeast: 0.9 },
      'eating-disorder': { atLeast: 0.88 },
      'harm-from-others': { atLeast: 0.97 },
      'child-abuse': { atLeast: 0.96 },
      harmless: { atMost: 0.1 },
      past: { atMost: 0.3 },
    });
  });

  it('read hardly any of the programme’s own words at risk, each quarter held out', () => {
    const programme = lines
      .map((line, index) => ({ line, isAtRisk: isReadAtRisk[index]! }))
      .filter(({ line }) => line.author.startsWith(PROGRAMME_AUTHOR));
    expect(rate(programme)).toBeLessThanOrEqual(0.01);
  });
});

/** The shipped detector and heads on the thirty voices neither learnt from. */
describe('the detector and the reader of meaning on voices they never learnt from', () => {
  const voices = firstContactVoices();
  const readings = withMeaning(
    readFirstContact(voices),
    voices,
    readWithHeads(heads, voices, embeddings),
  );

  it('hold their floors', () => {
    expectFloors(readings, {
      suicide: { atLeast: 0.86 },
      'eating-disorder': { atLeast: 0.84 },
      'harm-from-others': { atLeast: 0.82 },
      'child-abuse': { atLeast: 0.9 },
      harmless: { atMost: 0.34 },
      past: { atMost: 0.56 },
    });
  });
});
