/**
 * The detector's learnt layer (docs/decisions/014-companion-safety.md): a logistic regression per
 * kind of risk over what one sentence of canonical text holds: its words (marked when a "not" or
 * "never" stands before them), word pairs, pairs across one word (skip-grams), the letters inside its words
 * (so a misspelling shares most of its features with the word) and concepts (a death or ending,
 * the first person, now, means, eating, weight, fainting, violence, someone else acting, a young
 * writer, leaving the body) with each pair of them. It is trained offline
 * (`npm run crisis:train`, scripts/train-crisis.ts) into crisis-weights.json, which is all the
 * app loads; the tests train it again per author with the same deterministic trainer.
 */

import { rememberedByText } from '../bounded-cache.ts';

export const modelHeads = [
  'suicide',
  'eating-disorder',
  'harm-from-others',
  'child-abuse',
] as const;
export type ModelHead = (typeof modelHeads)[number];

/** A sentence's log-odds of each head, in the order of modelHeads. */
export type HeadScores = [number, number, number, number];

/**
 * Log-odds above which a sentence reads at risk of each head before the trainer calibrates them
 * (crisis-evaluation.ts chooses each head's threshold on authors held out of its own training).
 * The child head never raises an alarm alone: held out, it could not tell a child from an adult
 * partner's victim and added false alarms the harm head did not; a child's disclosure is caught
 * by the harm head, and named a child's by the writer's own words (crisis-detection.ts).
 */
export const CRISIS_MODEL_THRESHOLDS: HeadScores = [1, 0.5, 0.5, 99];

export interface CrisisModel {
  /** Each head's log-odds for one canonical sentence, or for neighbouring ones read together. */
  score: (sentences: string[]) => HeadScores;
  /** Log-odds of a sentence with nothing the model knows. */
  bias: HeadScores;
  /** Log-odds above which a sentence is read as at risk of each head. */
  thresholds: HeadScores;
}

/** The learnt weights: each feature's weight per head, in hundredths. */
export interface ModelWeights {
  /** The digest of the lines and code they were learnt from (crisis-corpus.ts). */
  corpus: string;
  bias: HeadScores;
  thresholds: HeadScores;
  features: Record<string, number[]>;
}

/**
 * The committed form (crisis-weights.json): the features one a line, and their weights in the
 * same order, one head after another, as plain strings (small to load, nothing to type-check).
 */
export interface PackedWeights {
  corpus: string;
  bias: number[];
  thresholds: number[];
  features: string;
  weights: string;
}

export function packWeights(weights: ModelWeights): PackedWeights {
  const entries = Object.entries(weights.features);
  return {
    corpus: weights.corpus,
    bias: weights.bias.map((value) => Math.round(value * 1000) / 1000),
    thresholds: weights.thresholds,
    features: entries.map(([feature]) => feature).join('\n'),
    weights: entries.map(([, row]) => row.join(',')).join(';'),
  };
}

export function unpackWeights(packed: PackedWeights): ModelWeights {
  const names = packed.features === '' ? [] : packed.features.split('\n');
  const rows = packed.weights.split(';');
  const features: Record<string, number[]> = {};
  names.forEach((name, index) => {
    features[name] = rows[index]!.split(',').map(Number);
  });
  return {
    corpus: packed.corpus,
    bias: packed.bias as HeadScores,
    thresholds: packed.thresholds as HeadScores,
    features,
  };
}

const concepts: Record<string, string[]> = {
  death: [
    'die',
    'dying',
    'died',
    'dead',
    'death',
    'suicide',
    'suicidal',
    'kill',
    'killing',
    'unalive',
    'end',
    'ending',
    'over',
    'gone',
    'disappear',
    'exist',
    'existing',
    'alive',
    'live',
    'living',
    'life',
    'forever',
    'overdose',
    'goodbye',
    'exit',
    'leave',
    'leaving',
    'final',
    'last',
    'rest',
    'sleep',
    'wake',
    'finish',
    'stop',
    'permanently',
    'good',
    'anymore',
    'go',
    'away',
  ],
  first: ['i', 'my', 'mine'],
  me: ['me', 'myself', 'us'],
  purge: [
    'purge',
    'purged',
    'purging',
    'vomit',
    'vomiting',
    'vomited',
    'sick',
    'throw',
    'threw',
    'laxatives',
    'laxative',
    'diuretics',
    'spit',
    'toilet',
    'bathroom',
    'binge',
    'binged',
    'puke',
    'puking',
    'puked',
    'rid',
    'loo',
    'fingers',
    'gag',
    'chewing',
  ],
  restrict: [
    'skip',
    'skipped',
    'skipping',
    'restrict',
    'restricting',
    'starve',
    'starving',
    'fast',
    'fasting',
    'calories',
    'cals',
    'only',
    'nothing',
    'hide',
    'hidden',
    'water',
    'coffee',
    'allowed',
    'rule',
    'rules',
    'earn',
    'deserve',
    'count',
    'counting',
    'punish',
    'punishment',
    'compensate',
    'burn',
    'cardio',
    'less',
    'smaller',
    'empty',
    'diet',
  ],
  number: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'two', 'three', 'four', 'five'],
  threat: [
    'kill',
    'hurt',
    'finish',
    'end',
    'find',
    'cut',
    'burn',
    'take',
    'send',
    'worse',
    'dead',
    'disappear',
    'report',
    'tell',
    'police',
    'anyone',
    'anybody',
    'nobody',
    'believe',
    'secret',
    'deport',
    'deported',
    'visa',
    'passport',
    'documents',
    'prison',
    'camp',
    'ruin',
    'expose',
    'never',
    'again',
    'next',
    'time',
    'or',
  ],
  afraid: [
    'afraid',
    'scared',
    'terrified',
    'fear',
    'frightens',
    'hiding',
    'hide',
    'safe',
    'frightened',
    'dread',
    'flinch',
    'tremble',
    'trembling',
    'shake',
    'shakes',
    'panic',
    'nervous',
    'unsafe',
  ],
  now: [
    'tonight',
    'today',
    'tomorrow',
    'now',
    'soon',
    'week',
    'weekend',
    'ready',
    'decided',
    'planned',
    'planning',
    'plan',
    'date',
    'going',
    'will',
    'after',
    'before',
    'when',
    'sunday',
    'friday',
    'saturday',
    'christmas',
    'next',
    'waiting',
    'until',
    'once',
    'night',
    'moon',
    'day',
    'month',
    'spring',
    'summer',
    'autumn',
    'winter',
    'birthday',
  ],
  means: [
    'pills',
    'tablets',
    'rope',
    'knot',
    'beam',
    'hook',
    'gun',
    'pistol',
    'rifle',
    'shotgun',
    'bullet',
    'blade',
    'razor',
    'bridge',
    'cliff',
    'cliffs',
    'roof',
    'balcony',
    'tracks',
    'train',
    'river',
    'sea',
    'lake',
    'ocean',
    'exhaust',
    'charcoal',
    'poison',
    'insulin',
    'stash',
    'stockpiled',
    'saved',
    'saving',
    'hidden',
    'hoarding',
    'enough',
    'floor',
    'jump',
    'height',
    'high',
    'platform',
    'motorway',
    'traffic',
    'painkillers',
    'medication',
    'water',
    'window',
    'meds',
    'noose',
    'ledge',
    'rail',
    'railing',
    'hose',
    'tape',
    'bleach',
    'drench',
    'pill',
    'tablet',
    'overdose',
    'cabinet',
    'tested',
    'barn',
    'garage',
    'car',
    'lorry',
    'truck',
  ],
  eating: [
    'eat',
    'eaten',
    'eating',
    'ate',
    'food',
    'meal',
    'meals',
    'calories',
    'cals',
    'dinner',
    'lunch',
    'breakfast',
    'starve',
    'starving',
    'fast',
    'fasting',
    'purge',
    'purged',
    'purging',
    'vomit',
    'sick',
    'throw',
    'laxatives',
    'laxative',
    'diuretics',
    'binge',
    'restrict',
    'restricting',
    'ana',
    'mia',
    'thinspo',
    'thinspiration',
    'meanspo',
    'spit',
    'chew',
    'hungry',
    'bite',
    'bites',
    'snack',
    'snacks',
    'portion',
    'portions',
    'kcal',
    'macros',
    'carbs',
    'sugar',
    'bread',
    'salad',
    'chewing',
    'swallow',
    'full',
    'appetite',
    'hunger',
    'fed',
    'feed',
    'feeding',
    'diet',
  ],
  weight: [
    'weight',
    'weigh',
    'weighed',
    'kg',
    'kilos',
    'kilo',
    'stone',
    'bmi',
    'fat',
    'thin',
    'skinny',
    'lighter',
    'ribs',
    'thigh',
    'bones',
    'gain',
    'lose',
    'lost',
    'goal',
    'scale',
    'body',
    'mirror',
    'huge',
    'disgusting',
    'gross',
    'pounds',
    'lbs',
    'abs',
    'hips',
    'hip',
    'stomach',
    'waist',
    'thighs',
    'arms',
    'size',
    'tiny',
    'collarbones',
    'fatter',
    'heavier',
  ],
  faint: [
    'faint',
    'fainted',
    'fainting',
    'dizzy',
    'collapse',
    'collapsed',
    'collapsing',
    'blacked',
    'blacking',
    'passed',
    'pass',
    'weak',
    'weakness',
    'shaking',
    'cold',
    'freezing',
    'period',
    'heart',
    'palpitations',
    'lightheaded',
    'dizziness',
    'blackout',
  ],
  violence: [
    'hit',
    'hits',
    'hitting',
    'beat',
    'beats',
    'beating',
    'beaten',
    'punch',
    'punched',
    'slap',
    'slapped',
    'kick',
    'kicked',
    'kicks',
    'choke',
    'choked',
    'chokes',
    'strangle',
    'strangled',
    'push',
    'pushed',
    'shoved',
    'shove',
    'grab',
    'grabbed',
    'grabs',
    'threaten',
    'threatened',
    'threatens',
    'lock',
    'locked',
    'locks',
    'knife',
    'hurt',
    'hurts',
    'rape',
    'raped',
    'touch',
    'touches',
    'touched',
    'burn',
    'burnt',
    'burned',
    'throw',
    'threw',
    'pinned',
    'forces',
    'forced',
    'bruises',
    'bruise',
    'marks',
    'belt',
    'kill',
    'scared',
    'afraid',
    'terrified',
    'slaps',
    'pulls',
    'pulled',
    'drags',
    'dragged',
    'pinch',
    'pinches',
    'pinched',
    'squeeze',
    'squeezed',
    'smash',
    'smashed',
    'smashes',
    'strangles',
    'stick',
    'bruised',
    'assault',
    'assaulted',
    'molest',
    'molested',
    'abuse',
    'abuses',
    'abused',
    'pours',
    'shouts',
    'screams',
    'yells',
    'spits',
    'throws',
    'rapes',
    'whip',
    'whips',
    'cornered',
    'corners',
    'gun',
    'burns',
  ],
  others: [
    'he',
    'she',
    'they',
    'husband',
    'wife',
    'partner',
    'boyfriend',
    'girlfriend',
    'bf',
    'dad',
    'father',
    'mum',
    'mom',
    'mother',
    'stepdad',
    'stepfather',
    'uncle',
    'brother',
    'cousin',
    'employer',
    'boss',
    'coach',
    'teacher',
    'ex',
    'his',
    'him',
    'sir',
    'madam',
    'grandpa',
    'man',
    'son',
    'law',
    'boyfriends',
    'stepmom',
    'stepmother',
    'carer',
    'caregiver',
    'landlord',
    'foreman',
    'manager',
    'advisor',
    'professor',
    'neighbour',
    'neighbor',
    'guy',
    'guys',
    'boys',
    'men',
    'family',
    'brothers',
    'parents',
    'grandson',
    'stranger',
    'her',
    'them',
  ],
  young: [
    'school',
    'teacher',
    'homework',
    'babysitter',
    'babysits',
    'class',
    'grade',
    'year',
    '12',
    '13',
    '14',
    '15',
    '16',
    '17',
    'twelve',
    'thirteen',
    'fourteen',
    'fifteen',
    'sixteen',
    'bed',
    'room',
    'secret',
    'stepdad',
    'uncle',
    'mum',
    'mom',
    'dad',
    'parents',
  ],
  leaving: [
    'soul',
    'contract',
    'transition',
    'light',
    'divine',
    'source',
    'body',
    'incarnation',
    'earth',
    'plane',
    'cross',
    'ascend',
    'vessel',
    'return',
    'home',
    'veil',
    'spirit',
    'god',
    'heaven',
    'other',
    'side',
    'back',
    'come',
    'coming',
    'terms',
    'choice',
    'choose',
    'own',
    'release',
    'guides',
    'calling',
    'oneness',
    'dissolve',
    'realm',
    'crossing',
    'beyond',
    'angels',
    'afterlife',
    'ascension',
    'drop',
    'completed',
    'complete',
    'fulfilled',
    'ready',
    'called',
  ],
  hopeless: [
    'hopeless',
    'pointless',
    'point',
    'reason',
    'future',
    'burden',
    'tired',
    'done',
    'enough',
    'nothing',
    'nobody',
    'worthless',
    'useless',
    'failure',
    'shame',
    'better',
    'without',
    'sense',
    'meaning',
    'anymore',
    'more',
    'continue',
    'go',
    'on',
    'grey',
    'gray',
    'stuck',
    'trapped',
    'escape',
    'numb',
    'empty',
    'heavy',
    'exhausted',
    'alone',
    'nuisance',
    'weight',
    'disappointment',
  ],
  farewell: [
    'goodbye',
    'letter',
    'note',
    'gave',
    'giving',
    'give',
    'away',
    'tidy',
    'tidying',
    'settled',
    'affairs',
    'insurance',
    'passwords',
    'account',
    'sorry',
    'after',
    'find',
    'last',
    'won',
    'need',
  ],
  story: [
    'character',
    'novel',
    'book',
    'film',
    'movie',
    'news',
    'story',
    'protagonist',
    'article',
    'chapter',
    'documentary',
    'poem',
    'series',
    'show',
    'game',
    'headline',
    'reader',
    'scene',
  ],
};

const conceptsOfWord = new Map<string, string[]>();
for (const [concept, words] of Object.entries(concepts)) {
  for (const word of words)
    conceptsOfWord.set(word, [...(conceptsOfWord.get(word) ?? []), concept]);
}

const negators = new Set(['not', 'never', 'no', 'nobody', 'nothing', 'without', 'nor']);
/** How many words apart two concepts still read as one phrase. */
const CONCEPT_REACH = 4;
/** How many words after a negator read as negated. */
const NEGATION_REACH = 3;

/** Every feature of one canonical sentence, once each. */
export function sentenceFeatures(sentence: string): string[] {
  const words = sentence.split(' ').filter((word) => word !== '');
  const features = new Set<string>(['bias']);
  const present = new Set<string>();
  const conceptsAt: string[][] = [];
  let negatedUntil = -1;
  words.forEach((word, index) => {
    const negated = index <= negatedUntil;
    features.add(negated ? `n:${word}` : `w:${word}`);
    if (negators.has(word)) negatedUntil = index + NEGATION_REACH;
    if (index > 0) features.add(`b:${words[index - 1]}_${word}`);
    // Pairs across one word: "he … me" in "he hits me" as in "he hit me", "to … myself".
    if (index > 1) features.add(`s:${words[index - 2]}_${word}`);
    if (word.length > 3) {
      const padded = `<${word}>`;
      for (let start = 0; start + 4 <= padded.length; start++) {
        features.add(`c:${padded.slice(start, start + 4)}`);
      }
    }
    const wordConcepts = (conceptsOfWord.get(/^[0-9]+/.test(word) ? word[0]! : word) ?? []).map(
      (concept) => (negated ? `not-${concept}` : concept),
    );
    conceptsAt.push(wordConcepts);
    for (const concept of wordConcepts) present.add(concept);
  });
  // Concepts in order, a few words apart: "he … hits … me", "not … eaten … days".
  conceptsAt.forEach((here, index) => {
    for (let next = index + 1; next <= index + CONCEPT_REACH && next < conceptsAt.length; next++) {
      for (const a of here) for (const b of conceptsAt[next]!) features.add(`q:${a}>${b}`);
    }
  });
  const found = [...present].sort();
  for (const concept of found) features.add(`k:${concept}`);
  for (let a = 0; a < found.length; a++) {
    for (let b = a + 1; b < found.length; b++) features.add(`k:${found[a]}+${found[b]}`);
  }
  return [...features];
}

/** How many neighbouring sentences the model reads together at most. */
export const WINDOW_SENTENCES = 3;

/** Every run of 1 to WINDOW_SENTENCES neighbouring sentences. */
export function windowsOf(sentences: string[]): string[][] {
  const windows: string[][] = [];
  sentences.forEach((_, start) => {
    for (let size = 1; size <= WINDOW_SENTENCES && start + size <= sentences.length; size++) {
      windows.push(sentences.slice(start, start + size));
    }
  });
  return windows;
}

/**
 * The features of neighbouring sentences read together: each sentence's, added up (the bias
 * once), so that a window's score is the sum of what its sentences bring.
 */
export function windowFeatures(window: string[]): string[] {
  return window.flatMap((sentence, index) =>
    index === 0 ? sentenceFeatures(sentence) : sentenceFeatures(sentence).slice(1),
  );
}

export function modelFromWeights(weights: ModelWeights): CrisisModel {
  const table = new Map(Object.entries(weights.features));
  // Every autosave sends a reflection's earlier sentences again: each is scored once.
  const scoreSentence = rememberedByText(
    (sentence: string): HeadScores => {
      const scores: HeadScores = [...weights.bias];
      for (const feature of sentenceFeatures(sentence)) {
        const row = table.get(feature);
        if (row === undefined) continue;
        for (let head = 0; head < scores.length; head++) scores[head]! += row[head]! / 100;
      }
      return scores;
    },
    5_000,
    400,
  );
  return {
    bias: weights.bias,
    thresholds: weights.thresholds,
    // Neighbouring sentences read together: what each brings beyond the bias, added up.
    score: (sentences) => {
      const scores: HeadScores = [...weights.bias];
      for (const sentence of sentences) {
        scoreSentence(sentence).forEach((score, head) => {
          scores[head]! += score - weights.bias[head]!;
        });
      }
      return scores;
    },
  };
}

/**
 * The heads a run of neighbouring sentences is at risk of: a sentence alone, or up to
 * WINDOW_SENTENCES read together when each of them leans that way (scores above the model's
 * bias). A sentence that leans no way never joins a window, so a neutral sentence added before
 * or after never changes what the others read as.
 */
export function headsAtRisk(model: CrisisModel, sentences: string[]): Set<ModelHead> {
  const found = new Set<ModelHead>();
  const alone = sentences.map((sentence) => model.score([sentence]));
  modelHeads.forEach((head, h) => {
    const leans = alone.map((scores) => scores[h]! > model.bias[h]!);
    for (let start = 0; start < sentences.length && !found.has(head); start++) {
      if (alone[start]![h]! > model.thresholds[h]!) found.add(head);
      for (let size = 2; size <= WINDOW_SENTENCES && !found.has(head); size++) {
        const end = start + size;
        if (end > sentences.length || !leans.slice(start, end).every(Boolean)) break;
        if (model.score(sentences.slice(start, end))[h]! > model.thresholds[h]!) found.add(head);
      }
    }
  });
  return found;
}

/**
 * The highest log-odds of each head over a run's sentences and the windows headsAtRisk reads
 * (the same windows: a sentence that leans no way joins none). A head is at risk when its peak
 * is above its threshold; the trainer chooses the thresholds from peaks (crisis-evaluation.ts).
 */
export function peakScores(model: CrisisModel, sentences: string[]): HeadScores {
  const peaks: HeadScores = [-Infinity, -Infinity, -Infinity, -Infinity];
  const alone = sentences.map((sentence) => model.score([sentence]));
  modelHeads.forEach((_, h) => {
    const leans = alone.map((scores) => scores[h]! > model.bias[h]!);
    for (let start = 0; start < sentences.length; start++) {
      peaks[h] = Math.max(peaks[h]!, alone[start]![h]!);
      for (let size = 2; size <= WINDOW_SENTENCES; size++) {
        const end = start + size;
        if (end > sentences.length || !leans.slice(start, end).every(Boolean)) break;
        peaks[h] = Math.max(peaks[h]!, model.score(sentences.slice(start, end))[h]!);
      }
    }
  });
  return peaks;
}

/** One labelled unit the trainer learns from: the sentences of a line, and what it is. */
export interface TrainingLine {
  /** Canonical sentences not read as the past. */
  sentences: string[];
  /** The heads this line is at risk of; empty for a harmless line. */
  heads: ModelHead[];
}

export interface TrainOptions {
  epochs?: number;
  /** Weight decay per update. */
  l2?: number;
  learningRate?: number;
}

/** Lines turned into feature ids once, so that many models can be learnt from parts of them. */
export interface FeaturisedLines {
  names: string[];
  units: { sentences: Int32Array[]; heads: ModelHead[] }[];
}

export function featurise(lines: TrainingLine[]): FeaturisedLines {
  const ids = new Map<string, number>([['bias', 0]]);
  const idOf = (feature: string) => {
    let id = ids.get(feature);
    if (id === undefined) ids.set(feature, (id = ids.size));
    return id;
  };
  const units = lines.map((line) => ({
    sentences: windowsOf(line.sentences).map((window) =>
      Int32Array.from(windowFeatures(window), idOf),
    ),
    heads: line.heads,
  }));
  return { names: [...ids.keys()], units };
}

/**
 * A deterministic multiple-instance logistic regression: a line at risk teaches the sentence that
 * reads most at risk (the one a reader would point at), a harmless line teaches every sentence.
 * Each head weighs its few positive lines up to the harmless ones. `only` picks the lines to
 * learn from (all when absent).
 */
export function trainModel(
  lines: TrainingLine[] | FeaturisedLines,
  options: TrainOptions & { only?: (index: number) => boolean } = {},
): ModelWeights {
  const { epochs = 6, l2 = 0.003, learningRate = 0.2, only = () => true } = options;
  const { names, units: allUnits } = Array.isArray(lines) ? featurise(lines) : lines;
  const units = allUnits.filter((_, index) => only(index));
  const headCount = modelHeads.length;
  const weights = new Float64Array(names.length * headCount);
  const squares = new Float64Array(names.length * headCount).fill(1e-8);
  const positives = modelHeads.map(
    (head) => units.filter((unit) => unit.heads.includes(head)).length,
  );
  const negatives = units.filter((unit) => unit.heads.length === 0).length;
  const order = deterministicOrder(units.length);

  const scoreOf = (features: Int32Array, head: number) => {
    let sum = 0;
    for (const id of features) sum += weights[id * headCount + head]!;
    return sum;
  };
  const step = (features: Int32Array, head: number, target: number, weight: number) => {
    const gradient = (sigmoid(scoreOf(features, head)) - target) * weight;
    for (const id of features) {
      const at = id * headCount + head;
      const g = gradient + l2 * weights[at]!;
      squares[at]! += g * g;
      weights[at]! -= (learningRate * g) / Math.sqrt(squares[at]!);
    }
  };

  for (let epoch = 0; epoch < epochs; epoch++) {
    for (const index of order) {
      const unit = units[index]!;
      if (unit.sentences.length === 0) continue;
      for (let head = 0; head < headCount; head++) {
        if (unit.heads.includes(modelHeads[head]!)) {
          const best = unit.sentences.reduce((a, b) =>
            scoreOf(b, head) > scoreOf(a, head) ? b : a,
          );
          const balance = Math.max(1, negatives / Math.max(1, positives[head]!) / 2);
          step(best, head, 1, balance);
        } else {
          // A line at risk of another kind may hold words of this one: it teaches less.
          const weight = unit.heads.length > 0 ? 0.3 : 1;
          for (const sentence of unit.sentences) step(sentence, head, 0, weight);
        }
      }
    }
  }

  // A feature met in one or two lines only is theirs, not a phrasing: it is not kept.
  const linesWith = new Int32Array(names.length);
  for (const unit of units) {
    for (const id of new Set(unit.sentences.flatMap((window) => [...window]))) linesWith[id]!++;
  }
  const features: Record<string, number[]> = {};
  names.forEach((feature, id) => {
    if (id === 0 || linesWith[id]! < MINIMUM_LINES) return;
    const row = modelHeads.map((_, head) => Math.round(weights[id * headCount + head]! * 100));
    if (row.some((value) => Math.abs(value) >= MINIMUM_WEIGHT)) features[feature] = row;
  });
  const bias = modelHeads.map((_, head) => weights[head]!) as HeadScores;
  return { corpus: '', bias, thresholds: CRISIS_MODEL_THRESHOLDS, features };
}

/**
 * Lines a feature must be met in to be kept: with pairs across one word, two let the weights grow by
 * half (496 KB) for no held-out gain; three keep them at 320 KB (102 KB gzipped).
 */
const MINIMUM_LINES = 3;

/** Weights below this (in hundredths) on every head are dropped: they keep the file small. */
const MINIMUM_WEIGHT = 8;

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** A fixed shuffle (a linear congruential walk), so every training run learns the same weights. */
function deterministicOrder(length: number): number[] {
  const order = Array.from({ length }, (_, index) => index);
  let state = 20_261_127;
  for (let index = length - 1; index > 0; index--) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    const other = state % (index + 1);
    [order[index], order[other]] = [order[other]!, order[index]!];
  }
  return order;
}
