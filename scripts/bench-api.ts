/**
 * The signed-in path's price, measured in one run on one machine: starts a PostgreSQL, the built
 * app and bare Fastify yardsticks on that same database (scripts/bench-bare-route.mjs), loads
 * each route in turn with autocannon at 50 connections and prints requests/s, p99 and the CPU
 * time each request cost the process that answered it and PostgreSQL (steadier than requests/s
 * on a busy machine, and where to look first).
 *
 * Each signed-in route is judged against its own yardstick: a bare Fastify route sending the very
 * statements the app sent for that route and that learner, then the very answer the app gave
 * (both recorded first, by running the app once with scripts/bench-record-statements.mjs), so
 * that its share is the price of the framework, the hooks, Drizzle, zod and our code (building
 * the answer included), not of the work itself: the same database work, the same bytes sent.
 * Fails when a route serves under 85 % of its yardstick's requests/s or its p99 is 50 ms or more.
 * The old yardsticks, one bare query and one bare durable write, are printed beside; they judge
 * nothing.
 * Absolute figures depend on the machine's load; the ratios are what it judges.
 */
import autocannon from 'autocannon';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { enrollInCourses } from '../src/server/access/enrollments.ts';
import { connectDatabase } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';
import { JOB_SCHEMA } from '../src/server/jobs/job-queue.ts';
import { isAtRisk } from '../src/shared/rules/crisis-detection.ts';
import {
  cpuMicroseconds,
  freePort,
  median,
  recordFigure,
  signUp,
  stop,
  waitUntilAnswering,
} from './bench-support.ts';

const CONNECTIONS = 50;
const WARM_UP_SECONDS = 2;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SIGNED_IN_RATIO_GOAL = 0.85;
const P99_GOAL_MS = 50;
const SIGN_UPS_AT_ONCE = 5;
/** Long enough for what a route does after it has answered to be counted as its own. */
const SETTLE_MS = 100;

const lesson = {
  courseId: 'energy-sovereignty',
  moduleId: 'reclaiming-your-field',
  lessonId: 'what-energy-sovereignty-means',
};

interface Request {
  path: string;
  method?: 'GET' | 'PUT';
  body?: string;
  /** The body of the `count`th request under load, when each differs from the last. */
  bodyUnderLoad?: (count: number) => string;
}

interface Target extends Request {
  name: string;
  url: string;
  /** The process that answers it, whose CPU per request is printed. */
  server: ChildProcess;
  signedIn: boolean;
  /** Judged as a share of this yardstick. */
  yardstick?: Target;
  /** Printed as a share of these too. */
  alsoAgainst?: Target[];
}

interface Figures {
  requestsPerSecond: number;
  p99Ms: number;
  failures: number;
  /** CPU time per request, in µs, of the process that answered it and of PostgreSQL. */
  serverCpu: number;
  databaseCpu: number;
}

const reflectionDraft = 'A draft that the autosave keeps, as a learner types it.';

/** Three sentences a learner types, a word at a time. */
const typedWords = [
  'Today I noticed how my breath settles when I sit by the window.',
  "The lesson asked where my energy goes, and I saw it leak into other people's storms.",
  'This week I will keep some of it for my own work.',
]
  .join(' ')
  .split(' ');

/**
 * The same work on both sides: a draft read at risk sends the safety reply's statements, which
 * the yardstick's recording (of the whole text) would not hold.
 */
const readAtRisk = typedWords
  .map((_, index) => typedWords.slice(0, index + 1).join(' '))
  .filter((draft) => isAtRisk(draft));
if (readAtRisk.length > 0) {
  throw new Error(`The bench's draft reads at risk as typed: ${readAtRisk.join(' | ')}`);
}

/**
 * An autosave as a learner sends it: each a word longer than the last, the earlier sentences
 * sent again, so the crisis detector's caches meet what they meet in use, no more.
 */
function autosaveBody(count: number): string {
  return JSON.stringify({
    ...lesson,
    promptId: 'most-sovereign-moment',
    response: typedWords.slice(0, 1 + (count % typedWords.length)).join(' '),
    action: 'autosave',
  });
}

/** The signed-in routes, each with a name its yardstick is found by. */
const allSignedInRoutes: (Request & { name: string; key: string })[] = [
  { name: 'GET /api/me/purchases', key: 'purchases', path: '/api/me/purchases' },
  {
    name: 'GET lesson page',
    key: 'lesson',
    path: `/api/learning/courses/${lesson.courseId}/modules/${lesson.moduleId}/lessons/${lesson.lessonId}`,
  },
  {
    name: 'PUT reflection save',
    key: 'reflection',
    path: '/api/learning/reflections',
    method: 'PUT',
    body: autosaveBody(typedWords.length - 1),
    bodyUnderLoad: autosaveBody,
  },
];

/** BENCH_ROUTES (keys, comma-separated) loads only those, to profile one route at a time. */
const signedInRoutes = chosenRoutes(process.env.BENCH_ROUTES);

function chosenRoutes(keys: string | undefined) {
  if (!keys) return allSignedInRoutes;
  const known = allSignedInRoutes.map((route) => route.key);
  const unknown = keys.split(',').filter((key) => !known.includes(key));
  if (unknown.length > 0) {
    throw new Error(
      `BENCH_ROUTES names no route ${unknown.join(', ')}; known: ${known.join(', ')}`,
    );
  }
  return allSignedInRoutes.filter((route) => keys.split(',').includes(route.key));
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
    const environment = { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn' };
    const startApp = async (nodeOptions: string[], extra: NodeJS.ProcessEnv = {}) => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const child = spawnQuiet('node', [...nodeOptions, 'dist/server/main.js'], {
        ...environment,
        ...extra,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: url,
        DATA_DIR: path.join(dataDir, 'app'),
        TRUST_PROXY: '1',
      });
      children.push(child);
      await waitUntilAnswering(`${url}/api/health`);
      return { url, child };
    };

    // The statements each route sends for each learner, from an app that records them.
    const statementsFile = path.join(dataDir, 'statements.jsonl');
    writeFileSync(statementsFile, '');
    const recorder = await startApp(['--import', './scripts/bench-record-statements.mjs'], {
      BENCH_STATEMENTS_FILE: statementsFile,
    });
    // One learner per connection, as real traffic is: a single learner would measure fifty
    // connections queueing on one reflection's row lock, not the server.
    const cookies = await signUpEnrolledLearners(recorder.url, database.url, CONNECTIONS);
    const replayFile = path.join(dataDir, 'replays.json');
    writeFileSync(
      replayFile,
      JSON.stringify(await recordStatements(recorder.url, cookies, statementsFile)),
    );
    await stop(recorder.child);

    const app = await startApp(profiledAs('app'));
    const barePort = await freePort();
    const bareUrl = `http://127.0.0.1:${barePort}`;
    const yardsticks = spawnQuiet(
      'node',
      // tsx: the save's yardstick runs the app's own crisis check and cipher.
      [...profiledAs('yardsticks'), '--import', 'tsx', 'scripts/bench-bare-route.mjs'],
      { ...environment, PORT: String(barePort), BENCH_REPLAY_FILE: replayFile },
    );
    children.push(yardsticks);
    await waitUntilAnswering(`${bareUrl}/bare`);

    const bare: Target = {
      name: 'bare Fastify + one query',
      url: `${bareUrl}/bare`,
      server: yardsticks,
      path: '/bare',
      signedIn: false,
    };
    const bareWrite: Target = {
      name: 'bare Fastify + one write',
      url: `${bareUrl}/bare-write`,
      server: yardsticks,
      path: '/bare-write',
      method: 'PUT',
      body: JSON.stringify({ value: reflectionDraft }),
      signedIn: false,
    };
    const targets: Target[] = [
      bare,
      bareWrite,
      {
        name: 'GET /api/health',
        url: `${app.url}/api/health`,
        server: app.child,
        path: '/api/health',
        signedIn: false,
      },
    ];
    for (const route of signedInRoutes) {
      const yardstick: Target = {
        ...route,
        name: '  its yardstick',
        url: `${bareUrl}/replay/${route.key}`,
        server: yardsticks,
        signedIn: false,
      };
      targets.push(
        {
          ...route,
          url: `${app.url}${route.path}`,
          server: app.child,
          signedIn: true,
          yardstick,
          alsoAgainst: [route.method === 'PUT' ? bareWrite : bare],
        },
        yardstick,
      );
    }

    console.log(
      `\n${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per route; load average at start ${loadavg()[0]!.toFixed(1)} on this machine\n`,
    );
    // The machine's load changes under a run, so the routes take turns: each round loads every
    // route briefly, and each share is the median of its rounds' shares.
    for (const target of targets) await load(target, cookies, WARM_UP_SECONDS);
    const rounds: Figures[][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const figures: Figures[] = [];
      for (const target of targets) figures.push(await load(target, cookies, SECONDS));
      rounds.push(figures);
    }
    const failures = judge(targets, rounds);
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

/** What a yardstick does for one learner: the statements the app sent, and the app's answer. */
interface Replay {
  statements: unknown[];
  answer: string;
}

/**
 * Sends each signed-in route twice for each learner, one request at a time, and answers, for each
 * route's key and each learner, the statements the app sent for the second and the answer it gave:
 * under load every learner's session is one the app has seen, and their reflection is there.
 */
async function recordStatements(
  appUrl: string,
  cookies: string[],
  statementsFile: string,
): Promise<Record<string, Replay[]>> {
  const replays: Record<string, Replay[]> = {};
  for (const route of signedInRoutes) {
    replays[route.key] = [];
    for (const cookie of cookies) {
      const send = async () => {
        const response = await fetch(`${appUrl}${route.path}`, {
          method: route.method ?? 'GET',
          headers: { cookie, ...(route.body ? { 'content-type': 'application/json' } : {}) },
          body: route.body,
        });
        if (!response.ok) throw new Error(`${route.name} answered ${response.status}`);
        return response.text();
      };
      await send();
      await settle();
      const start = statSync(statementsFile).size;
      const answer = await send();
      await settle();
      const lines = readFileSync(statementsFile).subarray(start).toString().trim().split('\n');
      const statements = lines
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { text: string })
        .filter((statement) => !isJobQueueStatement(statement));
      replays[route.key]!.push({ statements, answer });
    }
  }
  for (const route of signedInRoutes) {
    const counts = replays[route.key]!.map((replay) => replay.statements.length);
    const bytes = replays[route.key]!.map((replay) => Buffer.byteLength(replay.answer));
    console.log(
      `${route.name}: ${Math.min(...counts)} to ${Math.max(...counts)} statements a request, answers of ${Math.min(...bytes)} to ${Math.max(...bytes)} bytes`,
    );
  }
  return replays;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/**
 * The job queue fetches and tends its jobs on its own clock: what it sends in a request's window is
 * not the route's work (a job the route adds is).
 */
const isJobQueueStatement = ({ text }: { text: string }) =>
  text.includes(`${JOB_SCHEMA}.`) && !/^\s*insert/i.test(text);

/** Prints each target's figures and shares; answers the goals that were missed. */
function judge(targets: Target[], rounds: Figures[][]): string[] {
  const failures: string[] = [];
  const shareOf = (index: number, yardstick: Target) => {
    const other = targets.indexOf(yardstick);
    return median(
      rounds.map((round) => round[index]!.requestsPerSecond / round[other]!.requestsPerSecond),
    );
  };
  console.log(
    `${'route'.padEnd(28)}${'req/s'.padStart(9)}${'p99'.padStart(10)}${'CPU µs/request'.padStart(18)}   share of its yardstick (median of ${ROUNDS} rounds)`,
  );
  targets.forEach((target, index) => {
    const figures = rounds.map((round) => round[index]!);
    const summary: Figures = {
      requestsPerSecond: median(figures.map((figure) => figure.requestsPerSecond)),
      p99Ms: median(figures.map((figure) => figure.p99Ms)),
      failures: figures.reduce((total, figure) => total + figure.failures, 0),
      serverCpu: median(figures.map((figure) => figure.serverCpu)),
      databaseCpu: median(figures.map((figure) => figure.databaseCpu)),
    };
    const share = target.yardstick && shareOf(index, target.yardstick);
    printRow(target.name, summary, share);
    for (const other of target.alsoAgainst ?? []) {
      console.log(`${''.padEnd(64)}${percent(shareOf(index, other))} of the ${other.name}`);
    }
    if (summary.failures > 0) failures.push(`${target.name}: ${summary.failures} failed requests`);
    if (!target.signedIn) return;
    if (share !== undefined)
      recordFigure({
        bench: 'api',
        measure: `${target.name}, share of its yardstick`,
        figure: percent(share),
        goal: `≥ ${percent(SIGNED_IN_RATIO_GOAL)}`,
        met: share >= SIGNED_IN_RATIO_GOAL,
      });
    recordFigure({
      bench: 'api',
      measure: `${target.name}, p99 at ${CONNECTIONS} connections`,
      figure: `${summary.p99Ms} ms`,
      goal: `< ${P99_GOAL_MS} ms`,
      met: summary.p99Ms < P99_GOAL_MS,
    });
    if (share !== undefined && share < SIGNED_IN_RATIO_GOAL) {
      failures.push(
        `${target.name}: ${percent(share)} of its yardstick, the goal is ${percent(SIGNED_IN_RATIO_GOAL)}`,
      );
    }
    if (summary.p99Ms >= P99_GOAL_MS) {
      failures.push(`${target.name}: p99 ${summary.p99Ms} ms, the goal is under ${P99_GOAL_MS} ms`);
    }
  });
  return failures;
}

async function load(target: Target, cookies: string[], seconds: number): Promise<Figures> {
  const headers = target.body ? { 'content-type': 'application/json' } : {};
  let connection = 0;
  let sent = 0;
  const { bodyUnderLoad } = target;
  const cpuAtStart = cpuNow(target.server);
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    connections: CONNECTIONS,
    headers,
    ...(target.body ? { body: target.body } : {}),
    ...(bodyUnderLoad
      ? { requests: [{ setupRequest: (request) => ({ ...request, body: bodyUnderLoad(sent++) }) }] }
      : {}),
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
  const cpuAtEnd = cpuNow(target.server);
  const requests = Math.max(result.requests.total, 1);
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    serverCpu: (cpuAtEnd.server - cpuAtStart.server) / requests,
    databaseCpu: (cpuAtEnd.database - cpuAtStart.database) / requests,
  };
}

function cpuNow(server: ChildProcess) {
  return {
    server: cpuMicroseconds({ pid: server.pid! }),
    database: cpuMicroseconds({ command: 'postgres' }),
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

function printRow(name: string, figures: Figures, share?: number) {
  const cpu = `${Math.round(figures.serverCpu)} + ${Math.round(figures.databaseCpu)} db`;
  const judged =
    share === undefined
      ? ''
      : `${percent(share).padStart(5)} (goal ${percent(SIGNED_IN_RATIO_GOAL)}, p99 < ${P99_GOAL_MS} ms)`;
  console.log(
    `${name.padEnd(28)}${Math.round(figures.requestsPerSecond).toString().padStart(9)}${`${figures.p99Ms} ms`.padStart(9)}${cpu.padStart(18)}   ${judged}`,
  );
}

const percent = (ratio: number) => `${Math.round(ratio * 100)} %`;

/**
 * BENCH_PROFILE_DIR: the app and the yardsticks each write a CPU profile there, named after
 * them, when the run ends.
 */
function profiledAs(name: string): string[] {
  const directory = process.env.BENCH_PROFILE_DIR;
  return directory
    ? ['--cpu-prof', `--cpu-prof-dir=${directory}`, `--cpu-prof-name=${name}.cpuprofile`]
    : [];
}

function spawnQuiet(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(command, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
}

await main();
