/**
 * The crisis detector's price: it reads every reflection autosave, save and chat message before
 * anything answers, so its time is in every one of those requests. Times a short draft, a long
 * reflection and one at the longest a request may carry, each run a word longer, as an autosave
 * sends them. Fails when the longest reflection takes longer than the budget.
 */
import { assessCrisis } from '../src/shared/rules/crisis-detection.ts';
import { REFLECTION_MAX_LENGTH } from '../src/shared/rules/reflection.ts';

const BUDGET_MS = 5;
const RUNS = 200;

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

console.log(`${'text'.padEnd(20)}${'median per check'.padStart(18)}`);
let isOverBudget = false;
for (const [name, text] of texts) {
  const median = medianMs(text);
  console.log(`${name.padEnd(20)}${`${median.toFixed(3)} ms`.padStart(18)}`);
  if (text.length === REFLECTION_MAX_LENGTH && median > BUDGET_MS) isOverBudget = true;
}
if (isOverBudget) {
  console.error(`The longest reflection took over ${BUDGET_MS} ms to check.`);
  process.exitCode = 1;
}
