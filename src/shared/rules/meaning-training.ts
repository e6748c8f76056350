import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  PROGRAMME_AUTHOR,
  probesFolder,
  readCorpus,
  readFirstContactLines,
  riskKindsOf,
  type LabelledLine,
} from './crisis-corpus.ts';
import type { HeldOutReading } from './crisis-evaluation.ts';
import {
  headScore,
  meaningPieces,
  readMeaning,
  type MeaningHead,
  type MeaningHeads,
} from './meaning-heads.ts';

/**
 * How the sentence reader's heads are learnt and measured (decision 014). Node only: the training
 * script, the bench and the tests read it; the app loads meaning-heads.json.
 *
 * The heads learn from the corpus's authors and from the programme's own words as harmless: a
 * reader of meaning not shown the course's register of release and surrender reads a third of its
 * paragraphs at risk. The voices of first contact stay unlearnt.
 */

/** Each line's 512 numbers, cached by `npm run crisis:train`: encoding the corpus takes minutes. */
export const EMBEDDINGS_FILE = join(probesFolder, 'sentence-embeddings.bin');
const DIMENSIONS = 512;
const HASH_BYTES = 8;
const ENTRY_BYTES = HASH_BYTES + 4 + DIMENSIONS;

/** The share of harmless lines, held out by author, each head may read at risk. */
const MEANING_FALSE_ALARM_BUDGET = 0.005;
/** How many groups of authors the heads are held out in, for their thresholds and figures. */
export const MEANING_GROUPS = 4;
const EPOCHS = 150;
const LEARNING_RATE = 0.03;
const L2 = 0.01;

export type Embeddings = Map<string, Float32Array>;

export function textKey(text: string): string {
  return createHash('sha256')
    .update(text)
    .digest('hex')
    .slice(0, HASH_BYTES * 2);
}

/** Stored as a byte per number, scaled per text: a thousandth of the encoder's precision is plenty. */
export function packEmbeddings(embeddings: Embeddings): Buffer {
  const keys = [...embeddings.keys()].sort();
  const file = Buffer.alloc(keys.length * ENTRY_BYTES);
  keys.forEach((key, entry) => {
    const vector = embeddings.get(key)!;
    const scale = Math.max(...Array.from(vector, Math.abs)) / 127 || 1;
    const offset = entry * ENTRY_BYTES;
    file.write(key, offset, HASH_BYTES, 'hex');
    file.writeFloatLE(scale, offset + HASH_BYTES);
    for (let index = 0; index < DIMENSIONS; index += 1) {
      file.writeInt8(Math.round(vector[index]! / scale), offset + HASH_BYTES + 4 + index);
    }
  });
  return file;
}

export function readEmbeddings(file = EMBEDDINGS_FILE): Embeddings {
  const embeddings: Embeddings = new Map();
  if (!existsSync(file)) return embeddings;
  const bytes = readFileSync(file);
  for (let offset = 0; offset < bytes.length; offset += ENTRY_BYTES) {
    const key = bytes.toString('hex', offset, offset + HASH_BYTES);
    const scale = bytes.readFloatLE(offset + HASH_BYTES);
    const vector = new Float32Array(DIMENSIONS);
    for (let index = 0; index < DIMENSIONS; index += 1) {
      vector[index] = bytes.readInt8(offset + HASH_BYTES + 4 + index) * scale;
    }
    embeddings.set(key, vector);
  }
  return embeddings;
}

/** The lines the heads learn from: the corpus, and the programme's words split among four authors. */
export function meaningTrainingLines(): LabelledLine[] {
  const programme = readFirstContactLines().filter((line) => line.author === PROGRAMME_AUTHOR);
  return [
    ...readCorpus(),
    ...programme.map((line, index) => ({ ...line, author: `${PROGRAMME_AUTHOR}-${index % 4}` })),
  ];
}

/** The first-contact voices: never learnt from by the detector or the heads. */
export function firstContactVoices(): LabelledLine[] {
  return readFirstContactLines().filter((line) => line.author !== PROGRAMME_AUTHOR);
}

/** The corpus's kind of risk each head learns (self-harm counts with suicide). */
const kindOfConcern = {
  'suicide-self-harm': 'suicide',
  'eating-disorder': 'eating-disorder',
  'harm-from-others': 'harm-from-others',
} as const satisfies Record<MeaningHead['concern'], ReturnType<typeof riskKindsOf>[number]>;

const meaningConcerns = Object.keys(kindOfConcern) as MeaningHead['concern'][];

/** 1 for a line of the head's concern, 0 for a harmless line or a past, null for other risks. */
function targetOf(line: LabelledLine, concern: MeaningHead['concern']): 0 | 1 | null {
  if (line.label !== 'at-risk') return 0;
  return riskKindsOf(line).includes(kindOfConcern[concern]) ? 1 : null;
}

/** The corpus, the embeddings and this code, together: heads learnt from anything else are stale. */
export function meaningDigest(lines: LabelledLine[], embeddings: Embeddings): string {
  const hash = createHash('sha256');
  for (const line of lines) {
    hash.update(`${line.author}\t${line.label}\t${line.kind}\t${line.text}\n`);
    for (const text of textsToEncode(line)) {
      hash.update(embeddings.get(textKey(text)) ?? new Float32Array());
    }
  }
  hash.update(readFileSync(new URL(import.meta.url)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * What the encoder reads of a line: the line whole, which the heads learn from, and the pieces the
 * reader reads (meaningPieces: its windows, and their sentences alone).
 */
export function textsToEncode(line: LabelledLine): string[] {
  return [...new Set([line.text, ...meaningPieces(line.text)])];
}

/** The highest score the head gives any of the line's pieces, as the reader reads it. */
function scoreOfLine(
  head: Pick<MeaningHead, 'weights' | 'bias'>,
  embeddings: Embeddings,
  text: string,
): number {
  return Math.max(
    ...meaningPieces(text).map((piece) => headScore(head, embeddingOf(embeddings, piece))),
  );
}

function embeddingOf(embeddings: Embeddings, text: string): Float32Array {
  const embedding = embeddings.get(textKey(text));
  if (!embedding)
    throw new Error(`No embedding for a line: run npm run crisis:train (${text.slice(0, 40)}…)`);
  return embedding;
}

/**
 * A class-weighted logistic regression over standardised numbers (Adam, whole batch), returned
 * with the standardisation folded into its weights.
 */
function trainHead(
  vectors: Float32Array[],
  targets: (0 | 1)[],
): Pick<MeaningHead, 'weights' | 'bias'> {
  const count = vectors.length;
  const mean = new Float64Array(DIMENSIONS);
  const deviation = new Float64Array(DIMENSIONS);
  for (const vector of vectors) for (let d = 0; d < DIMENSIONS; d++) mean[d]! += vector[d]! / count;
  for (const vector of vectors) {
    for (let d = 0; d < DIMENSIONS; d++) deviation[d]! += (vector[d]! - mean[d]!) ** 2 / count;
  }
  for (let d = 0; d < DIMENSIONS; d++) deviation[d] = Math.sqrt(deviation[d]!) || 1;
  // One flat array: the passes below read it 400 times, and a flat read is twice as quick.
  const rows = new Float64Array(count * DIMENSIONS);
  vectors.forEach((vector, row) => {
    for (let d = 0; d < DIMENSIONS; d++) {
      rows[row * DIMENSIONS + d] = (vector[d]! - mean[d]!) / deviation[d]!;
    }
  });
  const positives = targets.filter((target) => target === 1).length;
  const classWeight = [count / (2 * (count - positives)), count / (2 * positives)];

  const weights = new Float64Array(DIMENSIONS + 1);
  const moment = new Float64Array(DIMENSIONS + 1);
  const velocity = new Float64Array(DIMENSIONS + 1);
  const gradient = new Float64Array(DIMENSIONS + 1);
  for (let epoch = 1; epoch <= EPOCHS; epoch++) {
    gradient.fill(0);
    for (let row = 0; row < count; row++) {
      const offset = row * DIMENSIONS;
      let score = weights[DIMENSIONS]!;
      for (let d = 0; d < DIMENSIONS; d++) score += weights[d]! * rows[offset + d]!;
      const target = targets[row]!;
      const error = (1 / (1 + Math.exp(-score)) - target) * classWeight[target]!;
      for (let d = 0; d < DIMENSIONS; d++) gradient[d]! += error * rows[offset + d]!;
      gradient[DIMENSIONS]! += error;
    }
    for (let d = 0; d <= DIMENSIONS; d++) {
      const g = gradient[d]! / count + (d < DIMENSIONS ? L2 * weights[d]! : 0);
      moment[d] = 0.9 * moment[d]! + 0.1 * g;
      velocity[d] = 0.999 * velocity[d]! + 0.001 * g * g;
      const corrected = moment[d]! / (1 - 0.9 ** epoch);
      weights[d]! -=
        (LEARNING_RATE * corrected) / (Math.sqrt(velocity[d]! / (1 - 0.999 ** epoch)) + 1e-8);
    }
  }
  const folded = Array.from({ length: DIMENSIONS }, (_, d) => weights[d]! / deviation[d]!);
  const bias = weights[DIMENSIONS]! - folded.reduce((sum, weight, d) => sum + weight * mean[d]!, 0);
  return { weights: folded.map(round), bias: round(bias) };
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function trainConcern(
  lines: LabelledLine[],
  embeddings: Embeddings,
  concern: MeaningHead['concern'],
): Pick<MeaningHead, 'weights' | 'bias'> {
  const vectors: Float32Array[] = [];
  const targets: (0 | 1)[] = [];
  for (const line of lines) {
    const target = targetOf(line, concern);
    if (target === null) continue;
    vectors.push(embeddingOf(embeddings, line.text));
    targets.push(target);
  }
  return trainHead(vectors, targets);
}

/**
 * Each line scored by heads learnt without its author's group, for each concern: the authors are
 * split in `groups` (MEANING_GROUPS, or each author alone when there are as many groups as
 * authors). The thresholds are chosen on these scores, and the held-out figures read with them.
 */
function heldOutScores(
  lines: LabelledLine[],
  embeddings: Embeddings,
  groups = MEANING_GROUPS,
): Map<MeaningHead['concern'], number[]> {
  const authors = [...new Set(lines.map((line) => line.author))];
  const groupOf = new Map(authors.map((author, index) => [author, index % groups]));
  const scores = new Map(
    meaningConcerns.map((concern) => [concern, new Array<number>(lines.length)]),
  );
  for (let group = 0; group < Math.min(groups, authors.length); group++) {
    const learnt = lines.filter((line) => groupOf.get(line.author) !== group);
    for (const concern of meaningConcerns) {
      const head = trainConcern(learnt, embeddings, concern);
      lines.forEach((line, index) => {
        if (groupOf.get(line.author) !== group) return;
        scores.get(concern)![index] = scoreOfLine(head, embeddings, line.text);
      });
    }
  }
  return scores;
}

/** Each head's threshold, chosen on the lines' held-out scores (heldOutScores). */
function thresholdsFor(
  lines: LabelledLine[],
  scores: Map<MeaningHead['concern'], number[]>,
): Map<MeaningHead['concern'], number> {
  return new Map(
    meaningConcerns.map((concern) => [concern, thresholdFor(lines, scores.get(concern)!)]),
  );
}

/** The lowest score at which no more than the budget of the authors' harmless lines reads at risk. */
function thresholdFor(lines: LabelledLine[], scores: number[]): number {
  const harmless = lines
    .map((line, index) => ({ line, score: scores[index]! }))
    .filter(({ line }) => line.label === 'harmless' && !line.author.startsWith(PROGRAMME_AUTHOR))
    .map(({ score }) => score)
    .sort((a, b) => b - a);
  return round(harmless[Math.floor(MEANING_FALSE_ALARM_BUDGET * harmless.length)]!);
}

/** The heads the app ships: learnt from every line, each with its held-out threshold. */
export function trainMeaningHeads(lines: LabelledLine[], embeddings: Embeddings): MeaningHeads {
  const thresholds = thresholdsFor(lines, heldOutScores(lines, embeddings));
  return {
    learntFrom: meaningDigest(lines, embeddings),
    heads: meaningConcerns.map((concern) => ({
      concern,
      ...trainConcern(lines, embeddings, concern),
      threshold: thresholds.get(concern)!,
    })),
  };
}

/**
 * Whether heads learnt without each line's group of authors read it at risk, at the thresholds
 * chosen on those same held-out scores: what the reader of meaning adds on text it never saw.
 */
export function readHeldOutMeaning(
  lines: LabelledLine[],
  embeddings: Embeddings,
  groups = MEANING_GROUPS,
): boolean[] {
  const scores = heldOutScores(lines, embeddings, groups);
  const thresholds = thresholdsFor(lines, scores);
  return lines.map((_, index) =>
    meaningConcerns.some((concern) => scores.get(concern)![index]! > thresholds.get(concern)!),
  );
}

/** The detector's readings, with each line the reader of meaning reads at risk read so too. */
export function withMeaning(
  readings: HeldOutReading[],
  lines: LabelledLine[],
  isReadAtRisk: boolean[],
): HeldOutReading[] {
  const keyOf = (line: LabelledLine) => `${line.author}\t${line.text}`;
  const atRisk = new Set(lines.filter((_, index) => isReadAtRisk[index]).map(keyOf));
  return readings.map((reading) => ({
    ...reading,
    // As the server asks it: only of what the detector reads as neither at risk nor a past.
    isAtRisk:
      reading.isAtRisk || (reading.assessment.level === 'none' && atRisk.has(keyOf(reading.line))),
  }));
}

/** Whether the given heads read each line at risk. */
export function readWithHeads(
  heads: MeaningHeads,
  lines: LabelledLine[],
  embeddings: Embeddings,
): boolean[] {
  return lines.map((line) => {
    const pieces = meaningPieces(line.text).map((piece) => embeddingOf(embeddings, piece));
    return readMeaning(heads, pieces) !== null;
  });
}
