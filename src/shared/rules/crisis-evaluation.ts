import {
  corpusDigest,
  readCorpus,
  readFirstContactLines,
  riskKindsOf,
  trainingLineOf,
  type LabelledLine,
} from './crisis-corpus.ts';
import { assessCrisis, type CrisisAssessment } from './crisis-detection.ts';
import {
  CRISIS_MODEL_THRESHOLDS,
  featurise,
  modelFromWeights,
  modelHeads,
  peakScores,
  trainModel,
  type CrisisModel,
  type FeaturisedLines,
  type HeadScores,
} from './crisis-model.ts';

/**
 * Leave-one-author-out: for each author, the model is learnt from every other author's lines, its
 * thresholds calibrated on those authors alone (calibratedThresholds), and the whole detector
 * (rules and model) reads that author's lines. Node only (bench and tests); each held-out reading
 * trains five models, so bench:crisis takes about four minutes on a shared machine.
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
  /**
   * For a harmless line: whether the help would have shown while the learner typed it, read as
   * the browser reads it as each word is typed (and one letter short), and whole at its end.
   */
  isAtRiskAsTyped?: boolean;
  /** The same, had the learner paused at each of those moments: each read whole. */
  isAtRiskPausingEachWord?: boolean;
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
    const isTrained = (index: number) => !isHeldOut(corpus[index]!);
    const weights = trainModel(featurised, { only: isTrained });
    const thresholds = calibratedThresholds(corpus, featurised, isTrained);
    const model = modelFromWeights({ ...weights, thresholds });
    return corpus.filter(isHeldOut).map((line) => readLine(line, model));
  });
}

/**
 * The text as the browser may read it while a learner types it: each word typed, and each word
 * one letter short of typed ("mor" of "more"), up to the whole.
 */
function typedPrefixesOf(text: string): string[] {
  const prefixes: string[] = [];
  for (const word of text.matchAll(/\S+/g)) {
    const end = word.index + word[0].length;
    if (word[0].length > 1) prefixes.push(text.slice(0, end - 1));
    prefixes.push(text.slice(0, end));
  }
  return prefixes;
}

function readAsTyped(text: string, model?: CrisisModel) {
  const prefixes = typedPrefixesOf(text);
  const isAtRisk = (prefix: string, isBeingTyped: boolean) =>
    assessCrisis(prefix, model, { isBeingTyped }).level === 'at-risk';
  return {
    isAtRiskAsTyped: isAtRisk(text, false) || prefixes.some((prefix) => isAtRisk(prefix, true)),
    isAtRiskPausingEachWord: prefixes.some((prefix) => isAtRisk(prefix, false)),
  };
}

function readLine(line: LabelledLine, model?: CrisisModel): HeldOutReading {
  const assessment = assessCrisis(line.text, model);
  const group = groupOf(line);
  return {
    line,
    group,
    assessment,
    isAtRisk: assessment.level === 'at-risk',
    ...(group === 'harmless' && readAsTyped(line.text, model)),
  };
}

/**
 * The lines of the first-contact folder, each read by the detector as the app ships it (the
 * committed weights): how it reads voices it never learnt from, and the programme's own words.
 */
export function readFirstContact(
  lines: LabelledLine[] = readFirstContactLines(),
): HeldOutReading[] {
  return lines.map((line) => readLine(line));
}

/**
 * How many of the harmless lines each head may alarm on, read by models that never learnt from
 * their authors. The heads' alarms overlap, and the rules add about 1.3 % of their own; these
 * budgets lean toward help (a miss costs more than a calm help card): held out, they come to about
 * 8.5 % false alarms, above issue 31's 5 % (budgets of 3, 1.5 and 1 % meet it at 5.0 %, with
 * suicide caught at 87 %, eating disorders at 75 %, harm at 84 %). The child head is not
 * calibrated: it never alarms alone (CRISIS_MODEL_THRESHOLDS).
 */
export const FALSE_ALARM_BUDGET: HeadScores = [0.06, 0.03, 0.02, 0];
/** How many groups of authors the thresholds are chosen over. */
const CALIBRATION_GROUPS = 4;

/**
 * Each head's threshold, chosen by cross-validation over the authors of the lines `only` picks
 * (never another's): the authors are split in CALIBRATION_GROUPS, each group read by a model learnt
 * from the others, and each head's threshold is the lowest at which no more than its budget of
 * those harmless lines reads at risk. Thresholds are never lower than the defaults' floor of 0.
 */
export function calibratedThresholds(
  corpus: LabelledLine[],
  featurised: FeaturisedLines,
  only: (index: number) => boolean = () => true,
): HeadScores {
  const picked = corpus.map((_, index) => index).filter(only);
  const authors = [...new Set(picked.map((index) => corpus[index]!.author))];
  const groupOfAuthor = new Map(
    authors.map((author, index) => [author, index % CALIBRATION_GROUPS]),
  );
  const harmlessPeaks: HeadScores[] = [];
  for (let group = 0; group < CALIBRATION_GROUPS; group++) {
    const inGroup = (index: number) => groupOfAuthor.get(corpus[index]!.author) === group;
    const model = modelFromWeights(
      trainModel(featurised, { only: (index) => only(index) && !inGroup(index) }),
    );
    for (const index of picked) {
      const line = corpus[index]!;
      if (!inGroup(index) || line.label !== 'harmless') continue;
      const { sentences } = trainingLineOf(line);
      if (sentences.length > 0) harmlessPeaks.push(peakScores(model, sentences));
    }
  }
  return modelHeads.map((_, head) => {
    const budget = FALSE_ALARM_BUDGET[head]!;
    if (budget === 0) return CRISIS_MODEL_THRESHOLDS[head]!;
    const peaks = harmlessPeaks.map((peak) => peak[head]!).sort((a, b) => b - a);
    const allowed = Math.floor(budget * peaks.length);
    const threshold = Math.max(0, peaks[allowed] ?? 0);
    return Math.round(threshold * 100) / 100;
  }) as HeadScores;
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
