import {
  corpusDigest,
  readCorpus,
  riskKindsOf,
  trainingLineOf,
  type LabelledLine,
} from './crisis-corpus.ts';
import { assessCrisis, type CrisisAssessment } from './crisis-detection.ts';
import { featurise, modelFromWeights, trainModel } from './crisis-model.ts';

/**
 * Leave-one-author-out: for each author, the model is learnt from every other author's lines and
 * the whole detector (rules and model) reads that author's lines. Node only (bench and tests).
 */

/** What the per-author figures are grouped by. */
export const measuredGroups = [
  'suicide',
  'eating-disorder',
  'harm-from-others',
  'child-abuse',
  'harmless',
  'past',
] as const;
export type MeasuredGroup = (typeof measuredGroups)[number];

export interface HeldOutReading {
  line: LabelledLine;
  group: MeasuredGroup;
  assessment: CrisisAssessment;
  /** Caught (for a line at risk) or a false alarm (for a harmless or past line). */
  isAtRisk: boolean;
}

export function groupOf(line: LabelledLine): MeasuredGroup {
  if (line.label === 'harmless') return 'harmless';
  if (line.label === 'past') return 'past';
  const heads = riskKindsOf(line);
  return heads[heads.length - 1]!;
}

/**
 * `groups` splits the authors into that many groups, each held out in turn (every author is still
 * read by a model learnt without them, and without the others of their group): the unit test's
 * quicker form. By default each author is a group of their own.
 */
export function readHeldOutAuthors(
  corpus: LabelledLine[] = readCorpus(),
  groups?: number,
): HeldOutReading[] {
  const featurised = featurise(corpus.map(trainingLineOf));
  const authors = [...new Set(corpus.map((line) => line.author))];
  const groupOfAuthor = new Map(
    authors.map((author, index) => [author, index % (groups ?? authors.length)]),
  );
  return [...new Set(groupOfAuthor.values())].flatMap((group) => {
    const isHeldOut = (line: LabelledLine) => groupOfAuthor.get(line.author) === group;
    const weights = trainModel(featurised, { only: (index) => !isHeldOut(corpus[index]!) });
    const model = modelFromWeights(weights);
    return corpus.filter(isHeldOut).map((line) => {
      const assessment = assessCrisis(line.text, model);
      return { line, group: groupOf(line), assessment, isAtRisk: assessment.level === 'at-risk' };
    });
  });
}

export interface Tally {
  flagged: number;
  total: number;
}

/** Lines read at risk out of all, by author and group. */
export function tally(readings: HeldOutReading[]): Map<string, Map<MeasuredGroup, Tally>> {
  const byAuthor = new Map<string, Map<MeasuredGroup, Tally>>();
  for (const { line, group, isAtRisk } of readings) {
    const groups = byAuthor.get(line.author) ?? new Map<MeasuredGroup, Tally>();
    byAuthor.set(line.author, groups);
    const count = groups.get(group) ?? { flagged: 0, total: 0 };
    groups.set(group, { flagged: count.flagged + (isAtRisk ? 1 : 0), total: count.total + 1 });
  }
  return byAuthor;
}

export { corpusDigest };
