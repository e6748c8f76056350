import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  createEmptyDatabase,
  createTestDatabase,
} from '../../src/server/testing/build-test-app.ts';
import {
  killServer,
  startServer,
  type ServerProcess,
} from '../../src/server/testing/server-process.ts';
import { TEST_PASSWORD } from '../../src/server/testing/users.ts';

/** What every server process of one installation shares: the database and the secrets. */
export interface Installation {
  databaseUrl: string;
  environment: Record<string, string>;
  start: (extra?: Record<string, string>) => Promise<ServerProcess>;
  query: <Row extends pg.QueryResultRow>(sql: string, values?: unknown[]) => Promise<Row[]>;
  close: () => Promise<void>;
}

/** One PostgreSQL database, and as many app processes on it as a test starts. */
export async function createInstallation(
  environment: Record<string, string> = {},
  { isEmpty = false }: { isEmpty?: boolean } = {},
): Promise<Installation> {
  const databaseUrl = isEmpty ? await createEmptyDatabase() : await createTestDatabase();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];
  const shared = {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    REFLECTION_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    // Each simulated client says who it is in X-Forwarded-For, as behind one proxy.
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    ...environment,
  };
  return {
    databaseUrl,
    environment: shared,
    start: async (extra = {}) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'sf-reliability-'));
      chmodSync(dataDir, 0o755);
      dataDirs.push(dataDir);
      const server = await startServer(dataDir, { ...shared, ...extra });
      servers.push(server);
      return server;
    },
    query: async (sql, values) => (await pool.query(sql, values)).rows,
    close: async () => {
      await Promise.all(servers.map((server) => killServer(server)));
      await pool.end();
      for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let addressCounter = 0;
export function nextAddress(): string {
  addressCounter += 1;
  return `10.77.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export interface Learner {
  id: string;
  email: string;
  cookie: string;
  address: string;
}

/** Registers through the API of `server`, then confirms the email as the mailed link would. */
export async function registerLearner(
  installation: Installation,
  server: ServerProcess,
): Promise<Learner> {
  const email = `learner-${randomUUID().slice(0, 8)}@example.com`;
  const address = nextAddress();
  const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, origin: server.url },
    body: JSON.stringify({
      firstName: 'Test',
      lastName: 'Learner',
      email,
      password: TEST_PASSWORD,
    }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  await installation.query('update users set email_verified = true where id = $1', [user.id]);
  // Sign-up gives no session: the learner signs in.
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, origin: server.url },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { id: user.id, email, cookie, address };
}

/** An enrolment as a purchase makes it, written straight to the database (setup, not the test). */
async function enrol(installation: Installation, learner: Learner, courseId: string) {
  await installation.query(
    `insert into course_enrollments (user_id, course_id, purchase_type, expires_at)
     values ($1, $2, 'individual', now() + interval '365 days')`,
    [learner.id, courseId],
  );
}

export const LESSON = {
  courseId: 'energy-sovereignty',
  moduleId: 'reclaiming-your-field',
  lessonId: 'what-energy-sovereignty-means',
} as const;

/** The first reflection prompt of LESSON, read from the lesson page as the web app does. */
async function firstPromptId(server: ServerProcess, learner: Learner): Promise<string> {
  const response = await fetch(
    `${server.url}/api/learning/courses/${LESSON.courseId}/modules/${LESSON.moduleId}/lessons/${LESSON.lessonId}`,
    { headers: { cookie: learner.cookie } },
  );
  const page = (await response.json()) as { lesson: { reflectionPrompts: { id: string }[] } };
  return page.lesson.reflectionPrompts[0]!.id;
}

const SIGN_UPS_AT_ONCE = 4;

/** One installation with a server running and `count` learners enrolled in the test lesson's course. */
export async function startWithEnrolledLearners(
  count: number,
  environment: Record<string, string> = {},
) {
  const installation = await createInstallation(environment);
  const server = await installation.start();
  const learners: Learner[] = [];
  // A few at a time: each sign-up and sign-in hashes a password, which keeps a core busy.
  for (let first = 0; first < count; first += SIGN_UPS_AT_ONCE) {
    const batch = Array.from({ length: Math.min(SIGN_UPS_AT_ONCE, count - first) }, async () => {
      const learner = await registerLearner(installation, server);
      await enrol(installation, learner, LESSON.courseId);
      return learner;
    });
    learners.push(...(await Promise.all(batch)));
  }
  const promptId = await firstPromptId(server, learners[0]!);
  return { installation, server, learners, promptId };
}

export { killServer, type ServerProcess };
