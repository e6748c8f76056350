import { describe, expect, it } from 'vitest';
import * as cues from './crisis-cues.ts';
import { anyOf } from './crisis-detection.ts';
import { normaliseForCrisisCheck } from './crisis-normalise.ts';

const lists = Object.entries(cues);

describe('the crisis cue lists', () => {
  it.each(lists)(
    '%s: every phrase is found, whole, by the pattern joined from its list',
    (_, list) => {
      const whole = new RegExp(`^${anyOf(list)}$`);
      const inText = new RegExp(`\\b${anyOf(list)}\\b`);
      for (const phrase of list) {
        expect(whole.test(phrase), phrase).toBe(true);
        expect(inText.test(`and ${phrase} now`), phrase).toBe(true);
      }
    },
  );

  it.each(lists)('%s: holds no phrase twice', (_, list) => {
    expect(list.filter((phrase, index) => list.indexOf(phrase) !== index)).toEqual([]);
  });

  it.each(lists)(
    '%s: is written in canonical words, which are all a pattern ever reads',
    (_, list) => {
      // Word by word: "my self" is canonical only before "harm", so whole phrases are not checked.
      for (const word of new Set(list.flatMap((phrase) => phrase.split(' ')))) {
        expect(normaliseForCrisisCheck(word), word).toBe(word);
      }
    },
  );

  it('escapes what a regular expression would read as syntax', () => {
    const pattern = new RegExp(`^${anyOf(['a.b', '(c)|d*', 'e\\f'])}$`);
    expect(['a.b', '(c)|d*', 'e\\f'].map((phrase) => pattern.test(phrase))).toEqual([
      true,
      true,
      true,
    ]);
    expect(['axb', 'c', 'd', 'ddd'].some((text) => pattern.test(text))).toBe(false);
  });
});
