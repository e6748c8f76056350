import { describe, expect, it } from 'vitest';
import { probeSets, trainWordModel, type ProbeSet } from './crisis-classifier.ts';
import { assessCrisis, isAtRisk } from './crisis-detection.ts';
import { normaliseForCrisisCheck } from './crisis-normalise.ts';
import { REFLECTION_MAX_LENGTH } from './reflection.ts';

const MINIMUM_RECALL = 0.95;
const MAXIMUM_FALSE_ALARMS = 0.05;
/** What the detector must still do on a set whose phrasings its word model has not learnt. */
const MINIMUM_UNSEEN_RECALL = 0.85;
const MAXIMUM_UNSEEN_FALSE_ALARMS = 0.08;

function rates(set: ProbeSet, assess: (text: string) => boolean) {
  const harmless = [...set.benign, ...(set.past ?? [])];
  return {
    recall:
      set.atRisk.length === 0
        ? 1
        : set.atRisk.filter((probe) => assess(probe.text)).length / set.atRisk.length,
    falseAlarms: harmless.filter((probe) => assess(probe.text)).length / harmless.length,
    missed: set.atRisk.filter((probe) => !assess(probe.text)).map((probe) => probe.text),
  };
}

describe('the crisis detector on the labelled probe sets', () => {
  it.each(Object.keys(probeSets))(
    '%s: at least 95 % of at-risk texts caught, at most 5 % false alarms',
    (name) => {
      const { recall, falseAlarms, missed } = rates(probeSets[name]!, isAtRisk);
      expect(recall, `missed:\n${missed.join('\n')}`).toBeGreaterThanOrEqual(MINIMUM_RECALL);
      expect(falseAlarms).toBeLessThanOrEqual(MAXIMUM_FALSE_ALARMS);
    },
  );

  /** The sets that hold phrasings of risk: what this test asks is how far they carry over. */
  const riskSets = Object.keys(probeSets).filter((name) => probeSets[name]!.atRisk.length > 0);

  it.each(riskSets)(
    '%s, with the word model learnt without it: still at least 85 % caught, at most 8 % false alarms',
    (name) => {
      const others = Object.entries(probeSets)
        .filter(([other]) => other !== name)
        .map(([, set]) => set);
      const model = trainWordModel(others);
      const { recall, falseAlarms } = rates(
        probeSets[name]!,
        (text) => assessCrisis(text, model).level === 'at-risk',
      );
      expect(recall).toBeGreaterThanOrEqual(MINIMUM_UNSEEN_RECALL);
      expect(falseAlarms).toBeLessThanOrEqual(MAXIMUM_UNSEEN_FALSE_ALARMS);
    },
  );
});

describe('the words a learner types', () => {
  it.each([
    ['I want to k1ll mys3lf', 'i want to kill myself'],
    ['s u i c i d e', 'suicide'],
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

  it('reads a denial as a denial', () => {
    expect(isAtRisk("I'm not suicidal, just exhausted and overwhelmed")).toBe(false);
  });

  it('reads a reflection of the longest length to its end', () => {
    const longest = `${'Today the lesson was long. '.repeat(369)}I want to kill myself`;
    expect(Array.from(longest).length).toBeLessThanOrEqual(REFLECTION_MAX_LENGTH);
    expect(isAtRisk(longest)).toBe(true);
  });
});

describe('the kinds of risk beyond suicide and self-harm', () => {
  it('reads purging as eating-disorder risk', () => {
    expect(assessCrisis('I made myself throw up again after dinner').kinds).toContain(
      'eating-disorder',
    );
  });

  it('reads a partner who hits as harm from others', () => {
    expect(assessCrisis('my husband hits me when he drinks').kinds).toContain('harm-from-others');
  });

  it('reads abuse disclosed by a young person as child abuse', () => {
    expect(assessCrisis('I am 14 and my stepdad hurts me').kinds).toContain('child-abuse');
  });
});
