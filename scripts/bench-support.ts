import { execFileSync } from 'node:child_process';
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Waits until `url` answers 2xx, for at most two minutes. */
export async function waitUntilAnswering(url: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer within two minutes`);
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

/**
 * CPU time in microseconds, user and system, that the processes named so far have spent: `pid`
 * alone, or every process whose command is `command` (PostgreSQL's server and its backends, with
 * those of any other PostgreSQL the machine runs: keep it idle meanwhile).
 * Read from Linux's /proc, in its clock ticks (10 ms), so meant for spans of seconds.
 */
export function cpuMicroseconds(of: { pid: number } | { command: string }): number {
  const pids =
    'pid' in of
      ? [String(of.pid)]
      : readdirSync('/proc').filter((entry) => /^\d{1,10}$/.test(entry));
  let ticks = 0;
  for (const pid of pids) {
    const stat = readProcStat(pid);
    if (!stat || ('command' in of && stat.command !== of.command)) continue;
    ticks += stat.ticks;
  }
  return (ticks * 1e6) / CLOCK_TICKS_PER_SECOND;
}

/** A process's command and its user and system ticks; undefined once it has exited. */
function readProcStat(pid: string): { command: string; ticks: number } | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command sits in parentheses and may hold spaces; the numbered fields follow it.
  const commandEnd = stat.lastIndexOf(')');
  const fields = stat.slice(commandEnd + 2).split(' ');
  return {
    command: stat.slice(stat.indexOf('(') + 1, commandEnd),
    ticks: Number(fields[11]) + Number(fields[12]),
  };
}

/** One figure a bench measured, with its goal when it has one. */
export interface BenchFigure {
  bench: string;
  measure: string;
  figure: string;
  goal?: string;
  met?: boolean;
}

/**
 * Hands a figure to `npm run bench` (scripts/run-each.mjs), which prints every bench's figures in
 * one table and keeps it in docs/benchmarks.md. A bench run on its own prints its own lines only.
 */
export function recordFigure(figure: BenchFigure): void {
  const file = process.env.BENCH_FIGURES_FILE;
  if (file) appendFileSync(file, `${JSON.stringify(figure)}\n`);
}
