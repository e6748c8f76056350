import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corpusDigest, PROGRAMME_AUTHOR, readCorpus, type LabelledLine } from './crisis-corpus.ts';
import { assessCrisis, crisisModel, isAtRisk } from './crisis-detection.ts';
import {
  groupOf,
  readFirstContact,
  readHeldOutAuthors,
  type MeasuredGroup,
} from './crisis-evaluation.ts';
import { readSafety } from './companion.ts';
import { headsAtRisk } from './crisis-model.ts';
import { normaliseForCrisisCheck } from './crisis-normalise.ts';
import weights from './crisis-weights.json' with { type: 'json' };
import { REFLECTION_MAX_LENGTH } from './reflection.ts';

const corpus = readCorpus();

function rate(lines: { isAtRisk: boolean }[]): number {
  return lines.filter((line) => line.isAtRisk).length / lines.length;
}

describe('the labelled lines', () => {
  it('hold thousands of lines from at least 20 authors, each line with its author and kind', () => {
    const authors = new Set(corpus.map((line) => line.author));
    expect(corpus.length).toBeGreaterThanOrEqual(2_500);
    expect(authors.size).toBeGreaterThanOrEqual(20);
    for (const line of corpus) {
      expect(line.author, line.text).not.toBe('');
      expect(line.kind, line.text).not.toBe('');
    }
  });

  it('are what the committed weights were learnt from (else run npm run crisis:train)', () => {
    expect(weights.corpus).toBe(corpusDigest(corpus));
  });
});

/**
 * What the detector does on authors it has not learnt from: the authors are held out in four
 * groups, each read by a model learnt from the other three (the bench holds out one author at a
 * time). The goals of issue 31 are ≥ 95 % on suicide and self-harm, ≥ 90 % on eating-disorder risk
 * and on harm from others, ≤ 5 % false alarms; these floors are what the detector holds today
 * (docs/decisions/014-companion-safety.md), so that no change makes it worse unnoticed.
 */
const heldOutFloors: Record<MeasuredGroup, { atLeast?: number; atMost?: number }> = {
  suicide: { atLeast: 0.88 },
  'eating-disorder': { atLeast: 0.75 },
  'harm-from-others': { atLeast: 0.85 },
  'child-abuse': { atLeast: 0.85 },
  harmless: { atMost: 0.1 },
  past: { atMost: 0.3 },
};

describe('the detector on authors it never learnt from', () => {
  const readings = readHeldOutAuthors(corpus, 4);

  it.each(Object.entries(heldOutFloors))('%s: %o', (group, { atLeast, atMost }) => {
    const inGroup = readings.filter((reading) => reading.group === group);
    const missed = inGroup
      .filter((reading) => reading.isAtRisk !== (atLeast !== undefined))
      .map((reading) => `${reading.line.author}: ${reading.line.text}`);
    if (atLeast !== undefined)
      expect(rate(inGroup), missed.join('\n')).toBeGreaterThanOrEqual(atLeast);
    if (atMost !== undefined) expect(rate(inGroup), missed.join('\n')).toBeLessThanOrEqual(atMost);
  });

  /** How often a line caught is also named for its kind (a child's disclosure needs the child's age or school). */
  it.each([
    ['eating-disorder', 0.9],
    ['harm-from-others', 0.9],
    ['child-abuse', 0.4],
  ] as const)('%s: caught lines are named for their kind (at least %d)', (group, floor) => {
    const caught = readings.filter((reading) => reading.group === group && reading.isAtRisk);
    const named = caught.filter((reading) => reading.assessment.kinds.includes(group));
    expect(named.length / caught.length).toBeGreaterThanOrEqual(floor);
  });
  /**
   * Harmless lines whose help showed while they were typed (crisis-evaluation.ts, readAsTyped):
   * read as the lesson page reads them, as each word is typed (and one letter short) and whole at
   * the end: 26.2 % here. Read whole at each of those moments, as before the page left a short
   * last sentence to the next word, 44 %.
   */
  it('harmless lines, as they were typed: at most 27 % showed the help', () => {
    const harmless = readings.filter((reading) => reading.group === 'harmless');
    const alarmed = harmless.filter((reading) => reading.isAtRiskAsTyped);
    expect(alarmed.length / harmless.length).toBeLessThanOrEqual(0.27);
  });

  it('names harm to an adult as a child disclosure hardly ever (words for a young person would be wrong)', () => {
    const adults = readings.filter((reading) => reading.group === 'harm-from-others');
    const namedChild = adults.filter((reading) => reading.assessment.kinds.includes('child-abuse'));
    expect(namedChild.length / adults.length).toBeLessThanOrEqual(0.05);
  });
});

/**
 * What the detector as shipped does on lines it never learnt from (crisis-probes/first-contact):
 * thirty voices written blind after the weights were learnt, and the programme's own words.
 * Floors, like the held-out ones: what it holds today, far from issue 31's goals.
 */
const firstContactFloors: Record<string, { atLeast?: number; atMost?: number }> = {
  suicide: { atLeast: 0.81 },
  'eating-disorder': { atLeast: 0.7 },
  'harm-from-others': { atLeast: 0.68 },
  'child-abuse': { atLeast: 0.9 },
  harmless: { atMost: 0.27 },
  past: { atMost: 0.5 },
  [PROGRAMME_AUTHOR]: { atMost: 0.16 },
};

describe('the detector on voices it never learnt from, and on the programme’s own words', () => {
  const readings = readFirstContact();
  const groupOfReading = (reading: (typeof readings)[number]) =>
    reading.line.author === PROGRAMME_AUTHOR ? PROGRAMME_AUTHOR : reading.group;

  it('are kept out of what it learns from', () => {
    const learnt = new Set(corpus.map((line) => line.text));
    expect(readings.filter((reading) => learnt.has(reading.line.text))).toEqual([]);
  });

  it.each(Object.entries(firstContactFloors))('%s: %o', (group, { atLeast, atMost }) => {
    const inGroup = readings.filter((reading) => groupOfReading(reading) === group);
    expect(inGroup.length).toBeGreaterThan(0);
    if (atLeast !== undefined) expect(rate(inGroup)).toBeGreaterThanOrEqual(atLeast);
    if (atMost !== undefined) expect(rate(inGroup)).toBeLessThanOrEqual(atMost);
  });
});

describe('the detector with the committed weights, on the lines it learnt from', () => {
  const readings = corpus.map((line) => ({
    line,
    group: groupOf(line),
    isAtRisk: isAtRisk(line.text),
  }));

  it.each(['suicide', 'eating-disorder', 'harm-from-others', 'child-abuse'])(
    '%s: at least 95 % caught',
    (group) => {
      expect(rate(readings.filter((reading) => reading.group === group))).toBeGreaterThanOrEqual(
        0.95,
      );
    },
  );

  it('at most 5 % false alarms on harmless lines', () => {
    expect(rate(readings.filter((reading) => reading.group === 'harmless'))).toBeLessThanOrEqual(
      0.05,
    );
  });
});

describe('a neutral sentence before or after', () => {
  const byLabel = (label: LabelledLine['label']) => corpus.filter((line) => line.label === label);
  const caught = byLabel('at-risk').filter((line) => isAtRisk(line.text));
  const harmless = byLabel('harmless').filter((line) => assessCrisis(line.text).level === 'none');
  /** One harmless sentence in which the model sees no lean toward any risk. */
  const neutral = harmless
    .map((line) => line.text.trim())
    .filter((text) => /^[^.!?\n]+[.!?]$/.test(text))
    .filter((text) => {
      const [sentence] = normaliseForCrisisCheck(text).split(' . ');
      const scores = crisisModel().score([sentence!]);
      return scores.every((score, head) => score <= crisisModel().bias[head]!);
    });
  const ended = (text: string) => (/[.!?]\s*$/.test(text) ? text : `${text}.`);
  const around = fc.record({
    sentence: fc.constantFrom(...neutral),
    isBefore: fc.boolean(),
  });
  const withNeutral = (
    text: string,
    { sentence, isBefore }: { sentence: string; isBefore: boolean },
  ) => (isBefore ? `${sentence} ${text}` : `${ended(text)} ${sentence}`);

  it('never turns a line at risk into one that is not', () => {
    fc.assert(
      fc.property(fc.constantFrom(...caught), around, (line, added) => {
        expect(isAtRisk(withNeutral(line.text, added))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps spaced letters after a sentence ending in "!" apart from its last word (seed 1225679909)', () => {
    const line = 's u i c i d e is all I think about';
    expect(isAtRisk(`I'm done with this project, finally shipped it! ${line}`)).toBe(true);
  });

  it('never turns a harmless line into one at risk', () => {
    fc.assert(
      fc.property(fc.constantFrom(...harmless), around, (line, added) => {
        expect(isAtRisk(withNeutral(line.text, added))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('has many neutral sentences to draw from', () => {
    expect(neutral.length).toBeGreaterThanOrEqual(200);
  });
});

describe('the words a learner types', () => {
  it.each([
    ['I want to k1ll mys3lf', 'i want to kill myself'],
    ['s u i c i d e', 'suicide'],
    ['shipped it! s u i c i d e', 'shipped it . suicide'],
    ['k.i.l.l myself', 'kill myself'],
    ['I WANT TO DIIIIE', 'i want to die'],
    ['ive been feeling sucidal', 'i have been feeling suicidal'],
    ['i wanna kil myslef', 'i want to kill myself'],
    ['I can’t go on', 'i can not go on'],
    ['kms', 'kill myself'],
    ['i want to 💀', 'i want to die'],
    ['I want to un-alive myself', 'i want to unalive myself'],
    ['Ｉ　ｗａｎｔ', 'i want'],
    ['su\u200bicide', 'suicide'],
  ])('"%s" reads as "%s"', (typed, canonical) => {
    expect(normaliseForCrisisCheck(typed)).toBe(canonical);
  });

  it('reads each sentence the same when a later autosave sends it again', () => {
    const sentences = [
      'I wanna kil myslef.',
      'The lesson felt calm.',
      'kms tonight.',
      'Ｉ　ｗａｎｔ.',
    ];
    const firstReadings = sentences.map((sentence) => normaliseForCrisisCheck(sentence));
    const draft = sentences.join(' ');
    expect(normaliseForCrisisCheck(draft)).toBe(firstReadings.join(' . '));
    expect(normaliseForCrisisCheck(`${draft} And more`)).toBe(
      [...firstReadings, 'and more'].join(' . '),
    );
  });

  it('keeps real words that are one letter from a key word', () => {
    expect(normaliseForCrisisCheck('she overdoes it with the giving and living')).toBe(
      'she overdoes it with the giving and living',
    );
  });
});

describe('what the detector decides', () => {
  it('reads a dark time the writer has come through as the past, not an alarm', () => {
    expect(
      assessCrisis('I was suicidal years ago and this course reminds me how far I have come.'),
    ).toEqual({ level: 'past', kinds: [] });
  });

  it('reads a dark past that has come back as the present', () => {
    expect(
      assessCrisis('I used to self-harm in high school. Last week I started again.').level,
    ).toBe('at-risk');
  });

  it('names what it recognised, never the words', () => {
    expect(assessCrisis("I've been saving up my pills for tonight.").kinds).toContain('means');
    expect(assessCrisis('my sister says she wants to kill herself').kinds).toContain('third-party');
  });

  it('leaves a last sentence of a few words, not yet ended, to the next word while it is typed', () => {
    const asTyped = (text: string) => assessCrisis(text, undefined, { isBeingTyped: true }).level;
    // Read whole, each of these is at risk: the learnt model alone says so.
    for (const text of ['The lesson was calm. I hate my body', 'no hope', 'nobody would care']) {
      expect(assessCrisis(text).level, text).toBe('at-risk');
      expect(asTyped(text), text).toBe('none');
      expect(asTyped(`${text}.`), text).toBe('at-risk');
      expect(asTyped(`${text} and it is getting worse`), text).toBe('at-risk');
    }
    // The rules still read the words as they come.
    expect(asTyped('I want to die')).toBe('at-risk');
    expect(asTyped('kms')).toBe('at-risk');
  });

  it('reads a denial as a denial', () => {
    expect(isAtRisk("I'm not suicidal, just exhausted and overwhelmed")).toBe(false);
  });

  it('reads a reflection of the longest length to its end', () => {
    const longest = `${'Today the lesson was long. '.repeat(369)}I want to kill myself`;
    expect(Array.from(longest).length).toBeLessThanOrEqual(REFLECTION_MAX_LENGTH);
    expect(isAtRisk(longest)).toBe(true);
  });

  it('reads each sentence on its own, and neighbouring ones together only when each leans that way', () => {
    expect([...headsAtRisk(crisisModel(), ['the weather was grey'])]).toEqual([]);
  });
});

describe('the kinds of risk beyond suicide and self-harm', () => {
  it('reads purging as eating-disorder risk', () => {
    expect(assessCrisis('I made myself throw up again after dinner').kinds).toContain(
      'eating-disorder',
    );
  });

  it('answers purging as purging, not as suicide, when only the learnt reading says suicide', () => {
    for (const text of [
      'Honestly, I made myself throw up again',
      'Honestly, tonight I made myself throw up again',
    ]) {
      expect(readSafety(assessCrisis(text))).toEqual({
        level: 'at-risk',
        concern: 'eating-disorder',
      });
    }
    // A wish to be dead beside it is still answered as suicide.
    expect(
      readSafety(assessCrisis('I made myself throw up again. I just want to be dead.')),
    ).toEqual({ level: 'at-risk', concern: 'suicide-self-harm' });
  });

  it('reads a partner who hits as harm from others', () => {
    expect(assessCrisis('my husband hits me when he drinks').kinds).toContain('harm-from-others');
  });

  it('reads abuse disclosed by a young person as child abuse, which is also harm from others', () => {
    const { kinds } = assessCrisis('I am 14 and my stepdad hurts me');
    expect(kinds).toContain('child-abuse');
    expect(kinds).toContain('harm-from-others');
  });
});
