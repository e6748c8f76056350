import { describe, expect, it } from 'vitest';
import type { EmotionalState } from '../../shared/api/companion.ts';
import probeSet from './emotion-probes.json' with { type: 'json' };
import { estimateEmotion } from './offline-emotion.ts';

type Polarity = 'positive' | 'negative' | 'neutral';
interface Probe {
  text: string;
  group: 'crisis' | 'hopeless' | 'negation' | 'plain' | 'benign' | 'mixed';
  expected: Polarity | 'mixed';
}

const probes = probeSet.probes as Probe[];
const polarities: Polarity[] = ['positive', 'negative', 'neutral'];
const brightEmotions = ['joyful', 'hopeful'];

const polarityOf = (state: EmotionalState): Polarity =>
  state.sentiment > 0 ? 'positive' : state.sentiment < 0 ? 'negative' : 'neutral';

/** F1 per polarity over the probes that have one, and their mean. */
function scorePolarities() {
  const scored = probes
    .filter((probe): probe is Probe & { expected: Polarity } => probe.expected !== 'mixed')
    .map((probe) => ({ expected: probe.expected, read: polarityOf(estimateEmotion(probe.text)) }));
  const f1 = polarities.map((label) => {
    const truePositives = scored.filter((s) => s.expected === label && s.read === label).length;
    const precision = truePositives / Math.max(1, scored.filter((s) => s.read === label).length);
    const recall = truePositives / Math.max(1, scored.filter((s) => s.expected === label).length);
    return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  });
  const accuracy = scored.filter((s) => s.expected === s.read).length / scored.length;
  return { f1, macroF1: f1.reduce((sum, value) => sum + value, 0) / f1.length, accuracy };
}

describe('the offline emotion reading on the labelled probes', () => {
  it.each(probes.filter((probe) => probe.group === 'crisis' || probe.group === 'hopeless'))(
    'never reads hopelessness as positive: "$text"',
    ({ text }) => {
      const state = estimateEmotion(text);
      expect(state.sentiment).toBeLessThan(0);
      expect(brightEmotions).not.toContain(state.primary);
      expect(brightEmotions).not.toContain(state.secondary);
    },
  );

  it.each(probes.filter((probe) => probe.group === 'benign'))(
    'reads the ordinary sense of a cue\'s words as not hopeless: "$text"',
    ({ text }) => {
      expect(estimateEmotion(text).primary).not.toBe('hopeless');
    },
  );

  // Measured 0.89 macro-F1 and 0.93 accuracy when written (ADR 017); AFINN scored 0.63.
  it('agrees with the labels: macro-F1 of at least 0.85 over positive, negative and neutral', () => {
    const { f1, macroF1, accuracy } = scorePolarities();
    expect(macroF1).toBeGreaterThanOrEqual(0.85);
    expect(accuracy).toBeGreaterThanOrEqual(0.9);
    for (const value of f1) expect(value).toBeGreaterThanOrEqual(0.8);
  });

  it.each(probes.filter((probe) => probe.group === 'mixed'))(
    'names both sides of a mixed feeling: "$text"',
    ({ text }) => {
      expect(estimateEmotion(text).secondary).not.toBeNull();
    },
  );

  it('reads the review\'s "gone for good" reflection as hopeless, not hopeful +6', () => {
    expect(
      estimateEmotion(
        'Honestly I do not see the point of going on with any of this, nobody would notice if I was gone for good.',
      ),
    ).toMatchObject({ primary: 'hopeless', secondary: null });
  });

  it('reads "yes" and "no" as what the learner said, not as feelings', () => {
    expect(
      estimateEmotion('I keep saying yes to everyone and it leaves me empty.').sentiment,
    ).toBeLessThan(0);
    expect(estimateEmotion('I said no.').sentiment).toBe(0);
    expect(estimateEmotion('There was no joy in it.').sentiment).toBeLessThan(0);
  });

  it('reads what the learner walked away from as behind them, not as how they feel (walk 41)', () => {
    const state = estimateEmotion(
      'I felt most sovereign when I walked away from what drained me, a quiet certainty.',
    );
    expect(state.sentiment).toBeGreaterThan(0);
    expect(state.primary).toBe('hopeful');
    expect(
      estimateEmotion('I walked away from the argument and I am still angry and hurt.').sentiment,
    ).toBeLessThan(0);
  });
});
