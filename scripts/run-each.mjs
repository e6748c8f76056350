/**
 * Runs each npm script named on the command line, even after one has failed, and fails if any
 * did: `npm run bench` reports every figure, not only those before the first goal missed. The
 * figures the benches record (bench-support.ts, `recordFigure`) are printed at the end in one
 * table with their goals, and written to docs/benchmarks.md with the date and the machine's load.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';

const BENCHMARKS_FILE = 'docs/benchmarks.md';
const TABLE_START = '<!-- npm run bench: latest table, written by scripts/run-each.mjs -->';
const TABLE_END = '<!-- end of the latest table -->';

const scripts = process.argv.slice(2);
const folder = mkdtempSync(path.join(tmpdir(), 'sf-bench-figures-'));
const figuresFile = path.join(folder, 'figures.jsonl');
writeFileSync(figuresFile, '');
const loadAtStart = loadavg()[0];
const startedAt = new Date();

const failed = scripts.filter(
  (script) =>
    spawnSync('npm', ['run', script], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_FIGURES_FILE: figuresFile },
    }).status !== 0,
);
const figures = readFileSync(figuresFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));
rmSync(folder, { recursive: true, force: true });

const table = tableOf(figures, {
  date: startedAt.toISOString().slice(0, 16).replace('T', ' '),
  load: `${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end`,
  scripts,
});
console.log(`\n${table}`);
keepInBenchmarks(table);
if (failed.length > 0) {
  console.error(`\nBelow goal or failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}

function tableOf(rows, { date, load, scripts: ran }) {
  const missed = rows.filter((row) => row.met === false).length;
  return [
    `## Latest \`npm run bench\` (${date} UTC)`,
    '',
    `${ran.join(', ')} on ${availableParallelism()} cores, load average ${load}. ` +
      `${rows.length} figures, ${missed} below goal.`,
    '',
    '| bench | measure | figure | goal | met |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${row.bench} | ${row.measure} | ${row.figure} | ${row.goal ?? ''} | ${metMark(row.met)} |`,
    ),
  ].join('\n');
}

function metMark(met) {
  if (met === undefined) return '';
  return met ? 'yes' : '**no**';
}

/** The table replaces the last one, at the top of docs/benchmarks.md; the history stays below. */
function keepInBenchmarks(table) {
  const text = readFileSync(BENCHMARKS_FILE, 'utf8');
  const block = `${TABLE_START}\n${table}\n${TABLE_END}`;
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start !== -1 && end > start) {
    writeFileSync(
      BENCHMARKS_FILE,
      text.slice(0, start) + block + text.slice(end + TABLE_END.length),
    );
    return;
  }
  const firstSection = text.indexOf('\n## ');
  const at = firstSection === -1 ? text.length : firstSection + 1;
  writeFileSync(BENCHMARKS_FILE, `${text.slice(0, at)}${block}\n\n${text.slice(at)}`);
}
