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
function printReadings(readings: HeldOutReading[], reading: string): void {
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
  printAsTyped(readings, reading);
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

function printFigures(): void {
  const started = performance.now();
  console.log(
    'Held-out authors: lines read at risk (caught, or false alarms for harmless and past)',
  );
  printReadings(readHeldOutAuthors(), 'held-out authors');
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

printFigures();
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
