import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sentencesOf } from './crisis-detection.ts';
import type { ModelHead, TrainingLine } from './crisis-model.ts';

/**
 * The labelled lines the crisis detector learns from and is measured on, each with its author
 * (docs/decisions/014-companion-safety.md). Node only: the training script, the bench and the
 * tests read it; the app loads the trained weights, never these lines.
 */

type RiskKind = ModelHead;

export interface LabelledLine {
  author: string;
  label: 'at-risk' | 'harmless' | 'past';
  /** For a line at risk, what it is at risk of (self-harm counts with suicide); else its kind of harmless. */
  kind: string;
  text: string;
}

export const probesFolder = join(import.meta.dirname, 'crisis-probes');

/**
 * Lines the detector is measured on and never learns from: voices written blind after the weights
 * were learnt, and the programme's own words. A model tuned on them would no longer show how it
 * reads text nobody tuned it for.
 */
export const FIRST_CONTACT_FOLDER = join(probesFolder, 'first-contact');
/** The author of the programme's own words (scripts/write-programme-lines.ts). */
export const PROGRAMME_AUTHOR = 'programme-words';

/** The heads of the learnt model a line at risk belongs to: a child's disclosure is also harm from others. */
export function riskKindsOf(line: LabelledLine): RiskKind[] {
  if (line.label !== 'at-risk') return [];
  if (line.kind === 'eating-disorder') return ['eating-disorder'];
  if (line.kind === 'harm-from-others') return ['harm-from-others'];
  if (line.kind === 'child-abuse') return ['harm-from-others', 'child-abuse'];
  return ['suicide'];
}

interface ProbeSetFile {
  author: string;
  atRisk: { text: string; kind: string }[];
  benign: { text: string; kind: string }[];
  past?: { text: string; kind: string }[];
}

/** The first sets (one JSON file per author, every line at risk about suicide or self-harm). */
function readProbeSet(file: string): LabelledLine[] {
  const set = JSON.parse(readFileSync(file, 'utf8')) as ProbeSetFile;
  const selfHarm = /self.?harm/;
  return [
    ...set.atRisk.map((probe) => ({
      author: set.author,
      label: 'at-risk' as const,
      kind: selfHarm.test(probe.kind) ? 'self-harm' : 'suicide',
      text: probe.text,
    })),
    ...set.benign.map((probe) => ({
      author: set.author,
      label: 'harmless' as const,
      kind: probe.kind,
      text: probe.text,
    })),
    ...(set.past ?? []).map((probe) => ({
      author: set.author,
      label: 'past' as const,
      kind: 'past',
      text: probe.text,
    })),
  ];
}

/** The voices' sets (JSON lines, each line carrying its author, label and kind). */
function readVoice(file: string): LabelledLine[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LabelledLine);
}

export function readCorpus(folder = probesFolder): LabelledLine[] {
  const sets = readdirSync(folder)
    .filter((name) => name.endsWith('.json') && name !== 'voices.json')
    .sort()
    .flatMap((name) => readProbeSet(join(folder, name)));
  const voices = readdirSync(join(folder, 'voices'))
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .flatMap((name) => readVoice(join(folder, 'voices', name)));
  return [...sets, ...voices];
}

/** The lines of FIRST_CONTACT_FOLDER, in the voices' form. */
export function readFirstContactLines(folder = FIRST_CONTACT_FOLDER): LabelledLine[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .flatMap((name) => readVoice(join(folder, name)));
}

/** What the trainer learns from a line: its sentences of now (a past come through is not scored as risk). */
export function trainingLineOf(line: LabelledLine): TrainingLine {
  return {
    sentences: sentencesOf(line.text)
      .filter((sentence) => !sentence.isPast)
      .map((sentence) => sentence.text),
    heads: riskKindsOf(line),
  };
}

/** The corpus and the code that turns it into features: weights learnt from another are stale. */
export function corpusDigest(lines: LabelledLine[]): string {
  const hash = createHash('sha256');
  for (const line of lines)
    hash.update(`${line.author}\t${line.label}\t${line.kind}\t${line.text}\n`);
  for (const source of ['crisis-model.ts', 'crisis-normalise.ts']) {
    hash.update(readFileSync(join(import.meta.dirname, source)));
  }
  return hash.digest('hex').slice(0, 16);
}
