import development from './crisis-probes/development.json' with { type: 'json' };
import everyday from './crisis-probes/everyday.json' with { type: 'json' };
import heldOut1 from './crisis-probes/held-out-1.json' with { type: 'json' };
import heldOut2 from './crisis-probes/held-out-2.json' with { type: 'json' };
import heldOut3 from './crisis-probes/held-out-3.json' with { type: 'json' };
import heldOut4 from './crisis-probes/held-out-4.json' with { type: 'json' };
import heldOut5 from './crisis-probes/held-out-5.json' with { type: 'json' };
import heldOut6 from './crisis-probes/held-out-6.json' with { type: 'json' };
import { normaliseForCrisisCheck } from './crisis-normalise.ts';

/**
 * The detector's second layer: a word model (Bernoulli naive Bayes over the words and word pairs
 * of canonical text) learnt from the labelled probe sets in crisis-probes/ when the module loads.
 * Where the phrase rules need the words they were written with, it weighs every word a learner
 * used against how often it came in at-risk and in harmless text: on a set of phrasings that
 * neither saw, it lifted recall from 59 % to 86 % (docs/decisions/014-companion-safety.md).
 */

export interface ProbeSet {
  atRisk: { text: string }[];
  benign: { text: string }[];
  /** A dark time the writer has come through: harmless for the model. */
  past?: { text: string }[];
}

export const probeSets: Record<string, ProbeSet> = {
  development,
  everyday,
  'held-out-1': heldOut1,
  'held-out-2': heldOut2,
  'held-out-3': heldOut3,
  'held-out-4': heldOut4,
  'held-out-5': heldOut5,
  'held-out-6': heldOut6,
};

/** Log-odds above which the model alone calls a text at risk. */
export const WORD_MODEL_THRESHOLD = 6;

export interface WordModel {
  /** Log-odds that a canonical text is at risk. */
  score: (canonical: string) => number;
}

export function trainWordModel(sets: ProbeSet[]): WordModel {
  const counts = { atRisk: new Map<string, number>(), benign: new Map<string, number>() };
  const totals = { atRisk: 0, benign: 0 };
  const learn = (label: keyof typeof totals, text: string) => {
    totals[label]++;
    for (const feature of featuresOf(normaliseForCrisisCheck(text))) {
      counts[label].set(feature, (counts[label].get(feature) ?? 0) + 1);
    }
  };
  for (const set of sets) {
    for (const probe of set.atRisk) learn('atRisk', probe.text);
    for (const probe of [...set.benign, ...(set.past ?? [])]) learn('benign', probe.text);
  }
  const prior = Math.log(totals.atRisk / totals.benign);
  const weight = (feature: string) => {
    const inRisk = counts.atRisk.get(feature);
    const inBenign = counts.benign.get(feature);
    if (inRisk === undefined && inBenign === undefined) return 0;
    const risk = ((inRisk ?? 0) + 1) / (totals.atRisk + 2);
    const benign = ((inBenign ?? 0) + 1) / (totals.benign + 2);
    return Math.log(risk / benign);
  };
  return {
    score: (canonical) =>
      [...featuresOf(canonical)].reduce((sum, feature) => sum + weight(feature), prior),
  };
}

/** Words and neighbouring word pairs, within a sentence. */
function featuresOf(canonical: string): Set<string> {
  const features = new Set<string>();
  for (const sentence of canonical.split(' . ')) {
    const words = sentence.split(' ').filter((word) => word !== '');
    words.forEach((word, index) => {
      features.add(word);
      if (index > 0) features.add(`${words[index - 1]}_${word}`);
    });
  }
  return features;
}

export const wordModel = trainWordModel(Object.values(probeSets));
