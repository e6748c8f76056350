/**
 * What users wait for at the size a successful programme reaches (issue 38 B2): starts a
 * throwaway PostgreSQL and the built app, times the dashboard, a lesson page, a reflection save,
 * the admin overview and an admin's view of one learner on a small database, then seeds 100,000
 * learners, 5,000,000 reflections, 1,000,000 companion messages and 200,000 purchases and times
 * them again. Each route is judged at scale against its own time on the small database (goal:
 * within 1.5×); every statement each route sends is explained at scale, and a sequential scan of a
 * large table is a miss; the app's peak memory must stay under 300 MiB.
 *
 * BENCH_SCALE (default 1) multiplies the seeded rows: 0.1 is a quick run of a tenth the size.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { enrollInCourses } from '../src/server/access/enrollments.ts';
import { connectDatabase } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres.ts';
import { totpCodeFor } from '../src/server/testing/totp.ts';
import { setRoleByEmail } from '../src/server/users/users.ts';
import {
  freePort,
  median,
  recordFigure,
  signUp,
  stop,
  waitUntilAnswering,
} from './bench-support.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const LEARNERS = Math.round(100_000 * SCALE);
const REFLECTIONS_PER_LEARNER = 50;
const MESSAGES_PER_LEARNER = 10;
const PURCHASES_PER_LEARNER = 2;
/** Seeded this many learners to a statement, so that the run shows it is moving. */
const SEED_BATCH = 10_000;
const WARM_UP_REQUESTS = 10;
const TIMED_REQUESTS = 60;
const RATIO_GOAL = 1.5;
const MEMORY_GOAL_MIB = 300;
/** A table this large read whole is a miss; smaller ones are cheaper to scan than to index. */
const LARGE_TABLE_ROWS = 10_000;
/** Long enough for what a request does after it has answered to be counted as its own. */
const SETTLE_MS = 100;
const PASSWORD = 'Sovereign1';

const lesson = {
  courseId: 'energy-sovereignty',
  moduleId: 'reclaiming-your-field',
  lessonId: 'what-energy-sovereignty-means',
};

interface Route {
  name: string;
  path: string;
  method?: 'GET' | 'PUT';
  body?: (count: number) => string;
  /** Whose session sends it. */
  as: 'learner' | 'admin';
}

interface App {
  url: string;
  child: ChildProcess;
  statementsFile: string;
}

async function main() {
  execFileSync('node', ['scripts/build-if-stale.mjs'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sf-bench-scale-'));
  const database = await startEmbeddedPostgres(dataDir, {
    info: () => {},
    warn: (message) => console.warn(message),
  });
  let app: App | undefined;
  try {
    app = await startApp(database.url, dataDir);
    const cookies = await signUpPeople(app.url, database.url);
    const routes = routesFor(cookies.learnerId);
    const memory = memoryTrace(app.child.pid!);
    memory('started, two people signed up');
    const small = await timeRoutes(app.url, routes, cookies);
    memory('routes timed on the small database');
    const seconds = await seed(database.url);
    console.log(`seeded in ${seconds.toFixed(0)} s\n`);
    memory('seeded');
    const large = await timeRoutes(app.url, routes, cookies);
    memory('routes timed at scale');
    const scans = await largeTableScans(app, database.url, routes, cookies);
    const peakMiB = peakMemoryMiB(app.child.pid!);
    report(routes, small, large, scans, peakMiB);
  } finally {
    if (app) await stop(app.child);
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function startApp(databaseUrl: string, dataDir: string): Promise<App> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const statementsFile = path.join(dataDir, 'statements.jsonl');
  writeFileSync(statementsFile, '');
  const child = spawn(
    'node',
    ['--import', './scripts/bench-record-statements.mjs', 'dist/server/main.js'],
    {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        BENCH_STATEMENTS_FILE: statementsFile,
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: url,
        DATA_DIR: path.join(dataDir, 'app'),
        TRUST_PROXY: '1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  await waitUntilAnswering(`${url}/api/health`);
  return { url, child, statementsFile };
}

/** A learner with the course and a reflection of their own, and an admin with two-factor sign-in. */
async function signUpPeople(appUrl: string, databaseUrl: string) {
  const learner = await signUp(appUrl, 1);
  const admin = await signUp(appUrl, 2);
  const connection = connectDatabase(databaseUrl);
  try {
    await enrollInCourses(connection.db, {
      userId: learner.userId,
      courseIds: [lesson.courseId],
      purchaseType: 'individual',
      source: 'purchase',
    });
    const [row] = (
      await connection.pool.query<{ email: string }>('select email from users where id = $1', [
        admin.userId,
      ])
    ).rows;
    await setRoleByEmail(connection.db, row!.email, 'admin');
  } finally {
    await connection.close();
  }
  return {
    learnerId: learner.userId,
    learner: learner.cookie,
    admin: await turnOnTwoFactor(appUrl, admin.cookie),
  };
}

/** Settings' two steps, password then a code from the authenticator; answers the new cookie. */
async function turnOnTwoFactor(appUrl: string, cookie: string): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: appUrl, cookie };
  const enabled = await fetch(`${appUrl}/api/auth/two-factor/enable`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ password: PASSWORD }),
  });
  if (!enabled.ok) throw new Error(`two-factor set-up failed: ${await enabled.text()}`);
  const { totpURI } = (await enabled.json()) as { totpURI: string };
  const verified = await fetch(`${appUrl}/api/auth/two-factor/verify-totp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ code: totpCodeFor(totpURI) }),
  });
  if (!verified.ok) throw new Error(`two-factor confirmation failed: ${await verified.text()}`);
  const renewed = verified.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  return renewed.includes('session_token=') ? renewed : cookie;
}

function routesFor(learnerId: string): Route[] {
  return [
    { name: 'dashboard', path: '/api/dashboard', as: 'learner' },
    {
      name: 'lesson page',
      path: `/api/learning/courses/${lesson.courseId}/modules/${lesson.moduleId}/lessons/${lesson.lessonId}`,
      as: 'learner',
    },
    {
      name: 'reflection save',
      path: '/api/learning/reflections',
      method: 'PUT',
      as: 'learner',
      body: (count) =>
        JSON.stringify({
          ...lesson,
          promptId: 'most-sovereign-moment',
          response: `Today I noticed how my breath settles, ${count} times over.`,
          action: 'autosave',
        }),
    },
    { name: 'admin overview', path: '/api/admin/overview', as: 'admin' },
    { name: 'admin user view', path: `/api/admin/users/${learnerId}`, as: 'admin' },
  ];
}

type Cookies = Record<Route['as'], string>;

function send(appUrl: string, route: Route, cookies: Cookies, count: number) {
  return fetch(`${appUrl}${route.path}`, {
    method: route.method ?? 'GET',
    headers: {
      cookie: cookies[route.as],
      origin: appUrl,
      ...(route.body ? { 'content-type': 'application/json' } : {}),
    },
    body: route.body?.(count),
  });
}

/** Each route's median time, one request at a time, as one person waits for it. */
async function timeRoutes(appUrl: string, routes: Route[], cookies: Cookies) {
  const medians = new Map<string, number>();
  for (const route of routes) {
    const times: number[] = [];
    for (let count = 0; count < WARM_UP_REQUESTS + TIMED_REQUESTS; count++) {
      const started = performance.now();
      const response = await send(appUrl, route, cookies, count);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${route.name} answered ${response.status}`);
      if (count >= WARM_UP_REQUESTS) times.push(performance.now() - started);
    }
    medians.set(route.name, median(times));
  }
  return medians;
}

/**
 * The programme's data at scale, in batches of learners: each with 2 enrollments, 2 purchases,
 * 50 reflections (ciphertext-sized text no one decrypts) and 10 companion messages. Every
 * learner visited in the last three weeks and no access ends within two months, so the clock
 * has no mail to send while the routes are timed (its batches are bench-free work of their own).
 */
async function seed(databaseUrl: string): Promise<number> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let first = 1; first <= LEARNERS; first += SEED_BATCH) {
      const last = Math.min(LEARNERS, first + SEED_BATCH - 1);
      for (const statement of seedStatements) await client.query(statement, [first, last]);
      process.stdout.write(
        `\rseeded ${last.toLocaleString('en-US')} of ${LEARNERS.toLocaleString('en-US')} learners`,
      );
    }
    process.stdout.write('\n');
    // Settled as a database that grew over years is: its visibility map set, its statistics read.
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
  return (performance.now() - started) / 1000;
}

const learners = `generate_series($1::int, $2::int) as i`;
const seedStatements = [
  `insert into users (id, name, email, email_verified, first_name, last_name, created_at)
   select 'scale-' || i, 'Scale Learner ' || i, 'scale-' || i || '@example.com', true, 'Scale',
          'Learner ' || i, now() - i * interval '1 minute'
   from ${learners}`,
  `insert into profiles (id) select 'scale-' || i from ${learners}`,
  `insert into course_enrollments (user_id, course_id, purchase_type, enrolled_at, expires_at,
                                   progress, last_accessed_at)
   select 'scale-' || i, course, 'individual', now() - (i % 300) * interval '1 day',
          now() + (65 + i % 300) * interval '1 day', (i * 7) % 100, now() - (i % 20) * interval '1 day'
   from ${learners}, unnest(array['energy-sovereignty', 'sovereign-flame']) as course`,
  `insert into checkout_sessions (id, user_id, mode, items, course_ids, is_bundle, amount_cents,
                                  receipt_email, status, payment_status, amount_paid_cents,
                                  fulfilled_at, granted_course_ids, created_at)
   select 'cs_scale_' || i || '_' || k, 'scale-' || i, 'test', '[]'::jsonb,
          array['energy-sovereignty'], false, 9900, 'scale-' || i || '@example.com', 'complete',
          'paid', 9900, now() - (i % 300) * interval '1 day', array['energy-sovereignty'],
          now() - (i % 300) * interval '1 day'
   from ${learners}, generate_series(1, ${PURCHASES_PER_LEARNER}) as k`,
  `insert into lesson_reflections (user_id, course_id, module_id, module_name, lesson_id,
                                   lesson_name, prompt_id, question, response, completed,
                                   created_at, updated_at)
   select 'scale-' || i, 'energy-sovereignty', 'module-' || (k / 10), 'A Module',
          'lesson-' || k, 'A Lesson', 'prompt', 'A question?', repeat(md5(i || '-' || k), 5),
          k % 3 = 0, now() - k * interval '1 day', now() - k * interval '1 day'
   from ${learners}, generate_series(1, ${REFLECTIONS_PER_LEARNER}) as k`,
  `insert into companion_messages (user_id, course_id, sender, content, created_at)
   select 'scale-' || i, 'energy-sovereignty', case when k % 2 = 0 then 'ai' else 'user' end,
          repeat(md5(k || '-' || i), 4), now() - k * interval '1 hour'
   from ${learners}, generate_series(1, ${MESSAGES_PER_LEARNER}) as k`,
];

/**
 * Sends each route once more and explains every statement it sent, on the seeded database:
 * answers, per route, the large tables it read whole.
 */
async function largeTableScans(app: App, databaseUrl: string, routes: Route[], cookies: Cookies) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const large = await largeTables(client);
    const scans = new Map<string, { tables: string[]; statements: number }>();
    for (const route of routes) {
      const from = statSync(app.statementsFile).size;
      await (await send(app.url, route, cookies, TIMED_REQUESTS)).arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const found = new Set<string>();
      const statements = statementsSince(app.statementsFile, from);
      for (const statement of statements) {
        for (const table of await scannedTables(client, statement)) {
          if (large.has(table)) found.add(table);
        }
      }
      scans.set(route.name, { tables: [...found], statements: statements.length });
    }
    return scans;
  } finally {
    await client.end();
  }
}

async function largeTables(client: pg.Client): Promise<Set<string>> {
  const { rows } = await client.query<{ relname: string }>(
    `select relname from pg_class where relkind = 'r' and reltuples > $1`,
    [LARGE_TABLE_ROWS],
  );
  return new Set(rows.map((row) => row.relname));
}

interface RecordedStatement {
  text: string;
  values?: unknown[];
}

function statementsSince(file: string, from: number): RecordedStatement[] {
  return (
    readFileSync(file)
      .subarray(from)
      .toString()
      .split('\n')
      .filter(Boolean)
      .map(
        (line) =>
          JSON.parse(line, (_key, value: { type?: string; data?: number[] } | null) =>
            value?.type === 'Buffer' && Array.isArray(value.data) ? Buffer.from(value.data) : value,
          ) as RecordedStatement,
      )
      // The job queue's own polling is not the route's.
      .filter((statement) => /^\s*(select|insert|update|delete|with)\b/i.test(statement.text))
      .filter((statement) => !statement.text.includes('pgboss'))
  );
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** The tables a statement's plan reads with a sequential scan. */
async function scannedTables(client: pg.Client, statement: RecordedStatement): Promise<string[]> {
  const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `explain (format json) ${statement.text}`,
    statement.values,
  );
  const tables: string[] = [];
  const walk = (node: PlanNode) => {
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name'])
      tables.push(node['Relation Name']);
    node.Plans?.forEach(walk);
  };
  walk(rows[0]!['QUERY PLAN'][0].Plan);
  return tables;
}

/** Prints the app's resident memory now and at its peak so far, after each step. */
function memoryTrace(pid: number) {
  return (step: string) => {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mib = (field: string) =>
      (Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1]) / 1024).toFixed(0);
    console.log(`app memory, ${step}: ${mib('VmRSS')} MiB (peak ${mib('VmHWM')} MiB)`);
  };
}

/** The most memory the app held at once, from Linux's /proc (VmHWM). */
function peakMemoryMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1] ?? Number.NaN);
  return kib / 1024;
}

function report(
  routes: Route[],
  small: Map<string, number>,
  large: Map<string, number>,
  scans: Map<string, { tables: string[]; statements: number }>,
  peakMiB: number,
) {
  const size = `${LEARNERS.toLocaleString('en-US')} learners`;
  console.log(
    `${'route'.padEnd(18)}${'small'.padStart(10)}${'at scale'.padStart(12)}${'ratio'.padStart(8)}${'statements'.padStart(12)}   large tables read whole`,
  );
  let isMissed = false;
  for (const route of routes) {
    const before = small.get(route.name)!;
    const after = large.get(route.name)!;
    const ratio = after / before;
    const { tables: scanned, statements } = scans.get(route.name)!;
    console.log(
      `${route.name.padEnd(18)}${`${before.toFixed(1)} ms`.padStart(10)}${`${after.toFixed(1)} ms`.padStart(12)}${`${ratio.toFixed(2)}×`.padStart(8)}${String(statements).padStart(12)}   ${scanned.join(', ') || 'none'}`,
    );
    isMissed ||= ratio > RATIO_GOAL || scanned.length > 0;
    recordFigure({
      bench: 'scale',
      measure: `${route.name} at ${size}, against a small database`,
      figure: `${after.toFixed(1)} ms, ${ratio.toFixed(2)}× (small: ${before.toFixed(1)} ms)`,
      goal: `≤ ${RATIO_GOAL}×`,
      met: ratio <= RATIO_GOAL,
    });
    recordFigure({
      bench: 'scale',
      measure: `${route.name}: large tables read whole by its ${statements} statements`,
      figure: scanned.join(', ') || 'none',
      goal: 'none',
      met: scanned.length === 0,
    });
  }
  console.log(`\nthe app's peak memory: ${peakMiB.toFixed(0)} MiB`);
  recordFigure({
    bench: 'scale',
    measure: `the app's peak memory at ${size}`,
    figure: `${peakMiB.toFixed(0)} MiB`,
    goal: `< ${MEMORY_GOAL_MIB} MiB`,
    met: peakMiB < MEMORY_GOAL_MIB,
  });
  if (isMissed || peakMiB >= MEMORY_GOAL_MIB) process.exitCode = 1;
}

await main();
