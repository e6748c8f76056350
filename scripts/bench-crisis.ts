/**
 * The crisis detector's figures and price.
 *
 * Figures: every author's lines are read by the detector with its model learnt from every other
 * author (leave one author out), and printed per author and per kind against the goals of issue
 * 31 (docs/decisions/014-companion-safety.md). Price: the detector reads every reflection
 * autosave, save and chat message before anything answers, so its time is in every one of those
 * requests. Times a short draft, a long reflection and one at the longest a request may carry,
 * each run a word longer, as an autosave sends them. Fails when the longest reflection takes
 * longer than the budget; the figures fail nothing here (the unit tests hold their floors).
 *
 * The same figures with the server's reader of meaning beside the detector, and its price on its
 * own thread, against its bound.
 */
import { assessCrisis } from '../src/shared/rules/crisis-detection.ts';
import { PROGRAMME_AUTHOR } from '../src/shared/rules/crisis-corpus.ts';
import {
  measuredGroups,
  readFirstContact,
  readHeldOutAuthors,
  tally,
  type HeldOutReading,
  type MeasuredGroup,
  type Tally,
} from '../src/shared/rules/crisis-evaluation.ts';
import { REFLECTION_MAX_LENGTH } from '../src/shared/rules/reflection.ts';
import {
  MEANING_READING_TIMEOUT_MS,
  createMeaningReader,
} from '../src/server/companion/meaning-reader.ts';
import type { MeaningHeads } from '../src/shared/rules/meaning-heads.ts';
import shippedHeads from '../src/shared/rules/meaning-heads.json' with { type: 'json' };
import {
  firstContactVoices,
  meaningTrainingLines,
  readEmbeddings,
  readHeldOutMeaning,
  readWithHeads,
  withMeaning,
} from '../src/shared/rules/meaning-training.ts';
import { recordFigure } from './bench-support.ts';

const BUDGET_MS = 5;
const RUNS = 200;

/** Issue 31's goals on held-out authors: caught at least, or false alarms at most (harmless). */
const goals: Partial<Record<MeasuredGroup, number>> = {
  suicide: 95,
  'eating-disorder': 90,
  'harm-from-others': 90,
  harmless: 5,
};
const isCeiling = (group: MeasuredGroup) => group === 'harmless';
const goalText = (group: MeasuredGroup) => {
  const goal = goals[group];
  return goal === undefined ? '' : `${isCeiling(group) ? '≤' : '≥'} ${goal} %`;
};

const percent = ({ flagged, total }: Tally) => `${((100 * flagged) / total).toFixed(1)} %`;
const cell = (count: Tally | undefined) => (count ? `${count.flagged}/${count.total}` : '');

/**
 * One table of readings: per author and kind, then the totals, each total with a goal recorded
 * under `reading` (held-out authors, or first contact).
 */
function printReadings(readings: HeldOutReading[], reading: string, { isTyped = true } = {}): void {
  const byAuthor = tally(readings);
  const header = ['author', ...measuredGroups.map((group) => group.slice(0, 12))];
  console.log(
    header.map((title, index) => (index === 0 ? title.padEnd(28) : title.padStart(14))).join(''),
  );
  for (const [author, groups] of byAuthor) {
    console.log(
      author.padEnd(28) +
        measuredGroups.map((group) => cell(groups.get(group)).padStart(14)).join(''),
    );
  }
  console.log(
    `\n${'kind'.padEnd(20)}${'read at risk'.padStart(16)}${'rate'.padStart(10)}${'goal'.padStart(10)}`,
  );
  for (const group of measuredGroups) {
    const inGroup = readings.filter((one) => one.group === group);
    if (inGroup.length === 0) continue;
    const total = {
      flagged: inGroup.filter((one) => one.isAtRisk).length,
      total: inGroup.length,
    };
    console.log(
      `${group.padEnd(20)}${cell(total).padStart(16)}${percent(total).padStart(10)}${goalText(group).padStart(10)}`,
    );
    const goal = goals[group];
    if (goal === undefined) continue;
    const rate = (100 * total.flagged) / total.total;
    recordFigure({
      bench: 'crisis',
      measure: `${group}, ${isCeiling(group) ? 'false alarms' : 'caught'} on ${reading}`,
      figure: `${percent(total)} (${cell(total)})`,
      goal: goalText(group),
      met: isCeiling(group) ? rate <= goal : rate >= goal,
    });
  }
  if (isTyped) printAsTyped(readings, reading);
}

/**
 * Harmless lines whose help would have shown while they were typed, as the lesson page reads them
 * (a word at a time, whole once typing pauses at the end), and had the learner paused after every
 * word: the help, once shown, stays.
 */
function printAsTyped(readings: HeldOutReading[], reading: string): void {
  const harmless = readings.filter((one) => one.group === 'harmless');
  const alarmed = (isAlarmed: (one: HeldOutReading) => boolean | undefined) => ({
    flagged: harmless.filter(isAlarmed).length,
    total: harmless.length,
  });
  const whileTyped = alarmed((one) => one.isAtRiskAsTyped);
  const pausing = alarmed((one) => one.isAtRiskPausingEachWord);
  for (const [name, total] of [
    ['harmless, as typed', whileTyped],
    ['a pause each word', pausing],
  ] as const) {
    console.log(
      `${name.padEnd(20)}${cell(total).padStart(16)}${percent(total).padStart(10)}${goalText('harmless').padStart(10)}`,
    );
  }
  recordFigure({
    bench: 'crisis',
    measure: `harmless, false alarms as they were typed, on ${reading}`,
    figure: `${percent(whileTyped)} (${cell(whileTyped)}); ${percent(pausing)} with a pause after each word`,
    goal: goalText('harmless'),
    met: (100 * whileTyped.flagged) / whileTyped.total <= goals.harmless!,
  });
}

/** The detector's figures; its held-out readings are returned for the reader of meaning's. */
function printFigures(): HeldOutReading[] {
  const started = performance.now();
  console.log(
    'Held-out authors: lines read at risk (caught, or false alarms for harmless and past)',
  );
  const heldOut = readHeldOutAuthors();
  printReadings(heldOut, 'held-out authors');
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  console.log(
    'First contact: voices written after the weights were learnt, and the programme’s own words, read by the committed detector',
  );
  const firstContact = readFirstContact();
  printReadings(
    firstContact.filter((one) => one.line.author !== PROGRAMME_AUTHOR),
    'first contact (voices never learnt from)',
  );
  const programme = firstContact.filter((one) => one.line.author === PROGRAMME_AUTHOR);
  const alarms = {
    flagged: programme.filter((one) => one.isAtRisk).length,
    total: programme.length,
  };
  console.log(`\nthe programme's own words read at risk: ${cell(alarms)} (${percent(alarms)})\n`);
  recordFigure({
    bench: 'crisis',
    measure: "the programme's own words (content/), false alarms",
    figure: `${percent(alarms)} (${cell(alarms)})`,
    goal: goalText('harmless'),
    met: (100 * alarms.flagged) / alarms.total <= goals.harmless!,
  });
  return heldOut;
}

/**
 * The detector and the server's reader of meaning as the server asks them (the reader only of what
 * the detector clears): one author held out at a time for the heads too, their thresholds chosen
 * on those held-out scores; and the shipped detector and heads on the voices neither learnt from.
 * The browser reads as typed with the detector alone, so those figures are the detector's above.
 */
function printMeaningFigures(heldOut: HeldOutReading[]): void {
  const started = performance.now();
  const lines = meaningTrainingLines();
  const embeddings = readEmbeddings();
  const authors = new Set(lines.map((line) => line.author)).size;
  console.log('Held-out authors, with the reader of meaning');
  const isReadAtRisk = readHeldOutMeaning(lines, embeddings, authors);
  printReadings(
    withMeaning(heldOut, lines, isReadAtRisk),
    'held-out authors, with the reader of meaning',
    {
      isTyped: false,
    },
  );
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  console.log('First contact, with the reader of meaning (the shipped heads)');
  const voices = firstContactVoices();
  const firstContact = withMeaning(
    readFirstContact(voices),
    voices,
    readWithHeads(shippedHeads as MeaningHeads, voices, embeddings),
  );
  printReadings(firstContact, 'first contact, with the reader of meaning', { isTyped: false });
}

const sentence = (index: number) =>
  `Today I noticed the way my breath settles when I sit by window ${index}, and I felt lighter. `;
const textOf = (length: number) => {
  let text = '';
  for (let index = 0; text.length < length; index++) text += sentence(index);
  return text.slice(0, length);
};

const texts: [string, string][] = [
  ['short draft', 'A draft that the autosave keeps, as a learner types it.'],
  ['2,500 characters', textOf(2_500)],
  [`${REFLECTION_MAX_LENGTH.toLocaleString('en-US')} characters`, textOf(REFLECTION_MAX_LENGTH)],
];

/** Each run a word longer than the last, as a learner types. */
const typed = (text: string, run: number) => `${text} word${run}`;

function medianMs(text: string): number {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = process.hrtime.bigint();
    assessCrisis(typed(text, run));
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

printMeaningFigures(printFigures());
console.log(`${'text'.padEnd(20)}${'median per check'.padStart(18)}`);
let isOverBudget = false;
for (const [name, text] of texts) {
  const median = medianMs(text);
  console.log(`${name.padEnd(20)}${`${median.toFixed(3)} ms`.padStart(18)}`);
  if (text.length !== REFLECTION_MAX_LENGTH) continue;
  isOverBudget = median > BUDGET_MS;
  recordFigure({
    bench: 'crisis',
    measure: `one check of the longest reflection (${name})`,
    figure: `${median.toFixed(2)} ms`,
    goal: `≤ ${BUDGET_MS} ms`,
    met: !isOverBudget,
  });
}
if (isOverBudget) {
  console.error(`The longest reflection took over ${BUDGET_MS} ms to check.`);
  process.exitCode = 1;
}

/**
 * The reader of meaning's price, on its own thread: a text read for the first time (every window
 * new), and the same text a word longer, as the next autosave sends it (only its last window new).
 * Its bound is MEANING_READING_TIMEOUT_MS: a first reading slower than that leaves the detector's
 * reading standing, and fills the memory for the next save.
 */
const MEANING_RUNS = 5;
console.log(
  `\n${'reader of meaning'.padEnd(20)}${'first reading'.padStart(18)}${'next autosave'.padStart(18)}`,
);
for (const [name, text] of texts) {
  const first: number[] = [];
  const next: number[] = [];
  for (let run = 0; run < MEANING_RUNS; run++) {
    const reader = createMeaningReader((error) => console.error(error), { timeoutMs: 60_000 });
    let start = performance.now();
    await reader.readRisk(typed(text, run));
    first.push(performance.now() - start);
    start = performance.now();
    await reader.readRisk(typed(typed(text, run), run));
    next.push(performance.now() - start);
  }
  const median = (times: number[]) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  console.log(
    `${name.padEnd(20)}${`${median(first).toFixed(0)} ms`.padStart(18)}${`${median(next).toFixed(0)} ms`.padStart(18)}`,
  );
  if (text.length !== REFLECTION_MAX_LENGTH) continue;
  recordFigure({
    bench: 'crisis',
    measure: `the reader of meaning, first reading of the longest reflection (${name})`,
    figure: `${median(first).toFixed(0)} ms; ${median(next).toFixed(0)} ms for the next autosave`,
    goal: `≤ ${MEANING_READING_TIMEOUT_MS} ms`,
    met: median(first) <= MEANING_READING_TIMEOUT_MS,
  });
}
