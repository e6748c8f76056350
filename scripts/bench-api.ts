/**
 * The signed-in path's throughput as a share of a bare route's, measured in one run on one
 * machine: starts a PostgreSQL, the built app and a bare Fastify route doing one query on that
 * same database (scripts/bench-bare-route.mjs), loads each route in turn with autocannon at 50
 * connections and prints requests/s, p99 and the ratio to the bare route. Fails when a signed-in
 * route serves under half the bare route's requests/s or its p99 is 50 ms or more. Absolute
 * figures depend on the machine's load; the ratios are what it judges. A second yardstick, a bare
 * route doing one durable write, is printed beside the save, for what any write costs; it judges
 * nothing.
 */
import autocannon from 'autocannon';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { enrollInCourses } from '../src/server/access/enrollments.ts';
import { connectDatabase } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';
import { freePort, waitUntilAnswering } from './bench-support.ts';

const CONNECTIONS = 50;
const WARM_UP_SECONDS = 2;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SIGNED_IN_RATIO_GOAL = 0.5;
const P99_GOAL_MS = 50;
const SIGN_UPS_AT_ONCE = 5;

const lesson = {
  courseId: 'energy-sovereignty',
  moduleId: 'reclaiming-your-field',
  lessonId: 'what-energy-sovereignty-means',
};

interface Target {
  name: string;
  url: string;
  method?: 'GET' | 'PUT';
  body?: string;
  signedIn: boolean;
  /** Printed as a share of this yardstick too. */
  alsoAgainst?: Target;
}

interface Figures {
  requestsPerSecond: number;
  p99Ms: number;
  failures: number;
}

async function main() {
  execFileSync('node', ['scripts/build-if-stale.mjs'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sf-bench-api-'));
  const database = await startEmbeddedPostgres(dataDir, {
    info: () => {},
    warn: (message) => console.warn(message),
  });
  const children: ChildProcess[] = [];
  try {
    const [appPort, barePort] = [await freePort(), await freePort()];
    const appUrl = `http://127.0.0.1:${appPort}`;
    const bareUrl = `http://127.0.0.1:${barePort}`;
    const environment = { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn' };
    children.push(
      spawnQuiet('node', ['dist/server/main.js'], {
        ...environment,
        PORT: String(appPort),
        HOST: '127.0.0.1',
        APP_URL: appUrl,
        DATA_DIR: path.join(dataDir, 'app'),
        TRUST_PROXY: '1',
      }),
    );
    await waitUntilAnswering(`${appUrl}/api/health`);
    children.push(
      spawnQuiet('node', ['scripts/bench-bare-route.mjs'], {
        ...environment,
        PORT: String(barePort),
      }),
    );
    await waitUntilAnswering(`${bareUrl}/bare`);

    // One learner per connection, as real traffic is: a single learner would measure fifty
    // connections queueing on one reflection's row lock, not the server.
    const cookies = await signUpEnrolledLearners(appUrl, database.url, CONNECTIONS);
    const bare: Target = {
      name: 'bare Fastify + one query',
      url: `${bareUrl}/bare`,
      signedIn: false,
    };
    const reflectionDraft = 'A draft that the autosave keeps, as a learner types it.';
    const bareWrite: Target = {
      name: 'bare Fastify + one write',
      url: `${bareUrl}/bare-write`,
      method: 'PUT',
      body: JSON.stringify({ value: reflectionDraft }),
      signedIn: false,
    };
    const targets: Target[] = [
      { name: 'GET /api/health', url: `${appUrl}/api/health`, signedIn: false },
      { name: 'GET /api/me/purchases', url: `${appUrl}/api/me/purchases`, signedIn: true },
      {
        name: 'GET lesson page',
        url: `${appUrl}/api/learning/courses/${lesson.courseId}/modules/${lesson.moduleId}/lessons/${lesson.lessonId}`,
        signedIn: true,
      },
      {
        name: 'PUT reflection save',
        url: `${appUrl}/api/learning/reflections`,
        method: 'PUT',
        body: JSON.stringify({
          ...lesson,
          promptId: 'most-sovereign-moment',
          response: reflectionDraft,
          action: 'autosave',
        }),
        signedIn: true,
        alsoAgainst: bareWrite,
      },
    ];

    console.log(
      `\n${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per route; load average at start ${loadavg()[0]!.toFixed(1)} on this machine\n`,
    );
    // The machine's load changes under a run, so the routes take turns: each round loads the
    // bare route and then every other route briefly, and each ratio is the median of its rounds'
    // ratios to that round's bare figure.
    const all = [bare, bareWrite, ...targets];
    for (const target of all) await load(target, cookies, WARM_UP_SECONDS);
    const rounds: Figures[][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const figures: Figures[] = [];
      for (const target of all) figures.push(await load(target, cookies, SECONDS));
      rounds.push(figures);
    }

    const failures: string[] = [];
    console.log(
      `${'route'.padEnd(28)}${'req/s'.padStart(9)}${'p99'.padStart(10)}   share of bare (median of ${ROUNDS} rounds)`,
    );
    all.forEach((target, index) => {
      const figures = rounds.map((round) => round[index]!);
      const ratio = median(
        rounds.map((round) => round[index]!.requestsPerSecond / round[0]!.requestsPerSecond),
      );
      const summary: Figures = {
        requestsPerSecond: median(figures.map((figure) => figure.requestsPerSecond)),
        p99Ms: median(figures.map((figure) => figure.p99Ms)),
        failures: figures.reduce((total, figure) => total + figure.failures, 0),
      };
      const yardstick = target.alsoAgainst && all.indexOf(target.alsoAgainst);
      const ratioToYardstick =
        yardstick === undefined
          ? undefined
          : median(
              rounds.map(
                (round) => round[index]!.requestsPerSecond / round[yardstick]!.requestsPerSecond,
              ),
            );
      printRow(target.name, summary, ratio, target.signedIn ? SIGNED_IN_RATIO_GOAL : undefined);
      if (ratioToYardstick !== undefined) {
        console.log(
          `${''.padEnd(46)}${percent(ratioToYardstick)} of the ${target.alsoAgainst!.name}`,
        );
      }
      if (summary.failures > 0)
        failures.push(`${target.name}: ${summary.failures} failed requests`);
      if (!target.signedIn) return;
      if (ratio < SIGNED_IN_RATIO_GOAL) {
        failures.push(
          `${target.name}: ${percent(ratio)} of the bare route, the goal is ${percent(SIGNED_IN_RATIO_GOAL)}`,
        );
      }
      if (summary.p99Ms >= P99_GOAL_MS) {
        failures.push(
          `${target.name}: p99 ${summary.p99Ms} ms, the goal is under ${P99_GOAL_MS} ms`,
        );
      }
    });
    console.log(`load average at end ${loadavg()[0]!.toFixed(1)}\n`);
    if (failures.length > 0) {
      console.error(`Below goal:\n  ${failures.join('\n  ')}`);
      process.exitCode = 1;
    } else {
      console.log('Every signed-in route meets its goal.');
    }
  } finally {
    await Promise.all(children.map(stop));
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function load(target: Target, cookies: string[], seconds: number): Promise<Figures> {
  const headers = target.body ? { 'content-type': 'application/json' } : {};
  let connection = 0;
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    connections: CONNECTIONS,
    headers,
    ...(target.body ? { body: target.body } : {}),
    duration: seconds,
    // Each connection is one learner, or for a yardstick one row of its own.
    setupClient: (client) => {
      const index = connection++;
      client.setHeaders(
        target.signedIn
          ? { ...headers, cookie: cookies[index % cookies.length]! }
          : { ...headers, 'x-bench-row': String(index) },
      );
    },
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * Learners enrolled in the course the lesson belongs to; answers their session cookies. Each
 * signs up from an address of its own (the app trusts one proxy hop here), as learners do.
 */
async function signUpEnrolledLearners(
  appUrl: string,
  databaseUrl: string,
  count: number,
): Promise<string[]> {
  // A few at a time: fifty password hashes at once on a busy machine outlast the pool's
  // connection timeout, and the run fails before it measures anything.
  const learners: { userId: string; cookie: string }[] = [];
  for (let first = 0; first < count; first += SIGN_UPS_AT_ONCE) {
    const batch = Array.from({ length: Math.min(SIGN_UPS_AT_ONCE, count - first) }, (_, offset) =>
      signUp(appUrl, first + offset),
    );
    learners.push(...(await Promise.all(batch)));
  }
  const connection = connectDatabase(databaseUrl);
  try {
    for (const { userId } of learners) {
      await enrollInCourses(connection.db, {
        userId,
        courseIds: [lesson.courseId],
        purchaseType: 'individual',
        source: 'purchase',
      });
    }
  } finally {
    await connection.close();
  }
  return learners.map((learner) => learner.cookie);
}

async function signUp(appUrl: string, index: number): Promise<{ userId: string; cookie: string }> {
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

function printRow(name: string, figures: Figures, ratio: number, goal?: number) {
  console.log(
    `${name.padEnd(28)}${Math.round(figures.requestsPerSecond).toString().padStart(9)}${`${figures.p99Ms} ms`.padStart(9)}   ${percent(ratio).padStart(5)}${goal === undefined ? '' : ` (goal ${percent(goal)}, p99 < ${P99_GOAL_MS} ms)`}`,
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const percent = (ratio: number) => `${Math.round(ratio * 100)} %`;

function spawnQuiet(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(command, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

await main();
