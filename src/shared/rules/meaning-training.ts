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
const EPOCHS = 20;
const LEARNING_RATE = 0.001;
const L2 = 0.0001;

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
function scoreOfLine(head: TrainedHead, embeddings: Embeddings, text: string): number {
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
 * A class-weighted network of one hidden layer over standardised numbers (Adam, in small batches
 * shuffled by a seeded generator, so that the same lines learn the same weights), returned with
 * the standardisation folded into its first layer. Held out by author, a hidden layer caught 2 to
 * 3 points more of the lines at risk than a logistic regression, at the same false alarms
 * (decision 014).
 */
function trainHead(vectors: Float32Array[], targets: (0 | 1)[]): TrainedHead {
  const count = vectors.length;
  const { mean, deviation } = standardisation(vectors);
  const rows = new Float64Array(count * DIMENSIONS);
  vectors.forEach((vector, row) => {
    for (let d = 0; d < DIMENSIONS; d++) {
      rows[row * DIMENSIONS + d] = (vector[d]! - mean[d]!) / deviation[d]!;
    }
  });
  const positives = targets.filter((target) => target === 1).length;
  const classWeight = [count / (2 * (count - positives)), count / (2 * positives)];

  const random = seededRandom(1);
  const network = new Network(random);
  const hidden = new Float64Array(HIDDEN_UNITS);
  const order = Array.from({ length: count }, (_, row) => row);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    shuffle(order, random);
    for (let start = 0; start < count; start += BATCH) {
      const batch = order.slice(start, start + BATCH);
      network.gradient.fill(0);
      for (const row of batch) {
        const offset = row * DIMENSIONS;
        const score = network.forward(rows, offset, hidden);
        const target = targets[row]!;
        const error = ((1 / (1 + Math.exp(-score)) - target) * classWeight[target]!) / batch.length;
        network.backward(rows, offset, hidden, error);
      }
      network.step();
    }
  }
  return network.folded(mean, deviation);
}

const HIDDEN_UNITS = 32;
const BATCH = 32;
/** Where the parameters sit in one flat array: the hidden rows, their biases, the output, its bias. */
const HIDDEN_BIAS = HIDDEN_UNITS * DIMENSIONS;
const OUTPUT = HIDDEN_BIAS + HIDDEN_UNITS;
const OUTPUT_BIAS = OUTPUT + HIDDEN_UNITS;
const PARAMETERS = OUTPUT_BIAS + 1;

type TrainedHead = Pick<MeaningHead, 'hidden' | 'weights' | 'bias'>;

/** The network's parameters in one flat array, with their gradient and Adam's two moments. */
class Network {
  readonly parameters = new Float64Array(PARAMETERS);
  readonly gradient = new Float64Array(PARAMETERS);
  private readonly moment = new Float64Array(PARAMETERS);
  private readonly velocity = new Float64Array(PARAMETERS);
  private steps = 0;

  constructor(random: () => number) {
    for (let index = 0; index < HIDDEN_BIAS; index++) {
      this.parameters[index] = normal(random) / Math.sqrt(DIMENSIONS);
    }
    for (let unit = 0; unit < HIDDEN_UNITS; unit++) {
      this.parameters[OUTPUT + unit] = normal(random) / Math.sqrt(HIDDEN_UNITS);
    }
  }

  /** The score of the row at `offset`, its hidden units' activations left in `hidden`. */
  forward(rows: Float64Array, offset: number, hidden: Float64Array): number {
    const p = this.parameters;
    let score = p[OUTPUT_BIAS]!;
    for (let unit = 0; unit < HIDDEN_UNITS; unit++) {
      const weights = unit * DIMENSIONS;
      let activation = p[HIDDEN_BIAS + unit]!;
      for (let d = 0; d < DIMENSIONS; d++) activation += p[weights + d]! * rows[offset + d]!;
      hidden[unit] = Math.max(0, activation);
      score += p[OUTPUT + unit]! * hidden[unit]!;
    }
    return score;
  }

  backward(rows: Float64Array, offset: number, hidden: Float64Array, error: number): void {
    const p = this.parameters;
    const g = this.gradient;
    g[OUTPUT_BIAS]! += error;
    for (let unit = 0; unit < HIDDEN_UNITS; unit++) {
      g[OUTPUT + unit]! += error * hidden[unit]!;
      if (hidden[unit]! <= 0) continue;
      const back = error * p[OUTPUT + unit]!;
      g[HIDDEN_BIAS + unit]! += back;
      const weights = unit * DIMENSIONS;
      for (let d = 0; d < DIMENSIONS; d++) g[weights + d]! += back * rows[offset + d]!;
    }
  }

  /** One Adam step; weights (not biases) decay by L2. */
  step(): void {
    this.steps += 1;
    const p = this.parameters;
    const firstCorrection = 1 - 0.9 ** this.steps;
    const secondCorrection = 1 - 0.999 ** this.steps;
    for (let index = 0; index < PARAMETERS; index++) {
      const isWeight = index < HIDDEN_BIAS || (index >= OUTPUT && index < OUTPUT_BIAS);
      const g = this.gradient[index]! + (isWeight ? L2 * p[index]! : 0);
      this.moment[index] = 0.9 * this.moment[index]! + 0.1 * g;
      this.velocity[index] = 0.999 * this.velocity[index]! + 0.001 * g * g;
      p[index]! -=
        (LEARNING_RATE * (this.moment[index]! / firstCorrection)) /
        (Math.sqrt(this.velocity[index]! / secondCorrection) + 1e-8);
    }
  }

  /** The weights as a head applies them to raw numbers: the standardisation folded in. */
  folded(mean: Float64Array, deviation: Float64Array): TrainedHead {
    const p = this.parameters;
    const rows = Array.from({ length: HIDDEN_UNITS }, (_, unit) =>
      Array.from({ length: DIMENSIONS }, (_, d) => p[unit * DIMENSIONS + d]! / deviation[d]!),
    );
    const bias = rows.map(
      (row, unit) =>
        p[HIDDEN_BIAS + unit]! - row.reduce((sum, weight, d) => sum + weight * mean[d]!, 0),
    );
    return {
      hidden: { weights: rows.map((row) => row.map(round)), bias: bias.map(round) },
      weights: Array.from({ length: HIDDEN_UNITS }, (_, unit) => round(p[OUTPUT + unit]!)),
      bias: round(p[OUTPUT_BIAS]!),
    };
  }
}

function standardisation(vectors: Float32Array[]) {
  const mean = new Float64Array(DIMENSIONS);
  const deviation = new Float64Array(DIMENSIONS);
  for (const vector of vectors) {
    for (let d = 0; d < DIMENSIONS; d++) mean[d]! += vector[d]! / vectors.length;
  }
  for (const vector of vectors) {
    for (let d = 0; d < DIMENSIONS; d++) {
      deviation[d]! += (vector[d]! - mean[d]!) ** 2 / vectors.length;
    }
  }
  for (let d = 0; d < DIMENSIONS; d++) deviation[d] = Math.sqrt(deviation[d]!) || 1;
  return { mean, deviation };
}

/** Mulberry32: a small generator whose sequence depends only on its seed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal number (Box–Muller). */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function shuffle(order: number[], random: () => number): void {
  for (let index = order.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [order[index], order[other]] = [order[other]!, order[index]!];
  }
}

/** Four decimals: the heads' file stays small, and their readings change by less than a thousandth. */
function round(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}

function trainConcern(
  lines: LabelledLine[],
  embeddings: Embeddings,
  concern: MeaningHead['concern'],
): TrainedHead {
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
