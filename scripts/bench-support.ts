import { execFileSync, type ChildProcess } from 'node:child_process';
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

/**
 * A learner signed up and signed in through the app's own routes, from an address of its own
 * (the app trusts one proxy hop in the benches), as learners do; answers their session cookie.
 */
export async function signUp(
  appUrl: string,
  index: number,
): Promise<{ userId: string; cookie: string }> {
  const headers = {
    'content-type': 'application/json',
    origin: appUrl,
    'x-forwarded-for': `10.0.${index >> 8}.${index & 255}`,
  };
  const email = `bench-${index}-${Date.now()}@example.com`;
  const response = await fetch(`${appUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Learner',
      email,
      password: 'Sovereign1',
    }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  // Sign-up gives no session: the learner signs in.
  const signIn = await fetch(`${appUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'Sovereign1' }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  return { userId: user.id, cookie };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Stops a child process and waits until it has exited. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}
