import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type pg from 'pg';

/** The library's tables live in this schema of the app's own database. */
export const JOB_SCHEMA = 'pgboss';

/** Jobs a worker takes at a time (each done alone); it then waits a poll's interval. */
const BATCH_SIZE = 10;

/** A failed job is kept (for the admins' dead-letter list) this long before the library archives it. */
const KEEP_FAILED_SECONDS = 90 * 24 * 60 * 60;

export interface QueueSettings {
  /** Retries after the first attempt; the delay doubles from `retryDelaySeconds` each time. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** How long one attempt may run before it counts as failed. */
  expireInSeconds: number;
}

/** One attempt at a job: its data, and whether it is the last attempt the queue will make. */
export interface JobAttempt<Data> {
  id: string;
  data: Data;
  isLastAttempt: boolean;
}

export type JobHandler<Data> = (attempt: JobAttempt<Data>) => Promise<void>;

/** What a queue tells the dead-letter list about its failed jobs. */
export interface FailedJobHooks<Data> {
  /** The job in a line for an admin; the queue's name when absent. */
  describe?: (data: Data) => Promise<string | undefined>;
  onRetry?: (data: Data) => Promise<void>;
  onDiscard?: (data: Data) => Promise<void>;
}

export interface FailedJob {
  id: string;
  queue: string;
  summary: string;
  error: string;
  attempts: number;
  createdAt: Date;
  failedAt: Date | null;
}

export interface JobQueue {
  /** Declares a queue and how its jobs are done; before `start`. */
  define: <Data extends object>(
    name: string,
    settings: QueueSettings,
    handler: JobHandler<Data>,
    hooks?: FailedJobHooks<Data>,
  ) => void;
  /** Runs `name` (data-less) on a cron schedule, once per slot across all processes. */
  every: (name: string, cron: string) => void;
  /**
   * Queues a job. With `key`, a job of that queue with the same key not yet done makes this one
   * nothing (null).
   */
  send: (
    name: string,
    data: object,
    options?: { key?: string; startAfter?: Date; db?: pg.ClientBase },
  ) => Promise<string | null>;
  start: () => Promise<void>;
  /**
   * This process's worker for `name` looks for jobs now, not at its next poll: after a job was
   * queued and committed, so a mail leaves within moments, not seconds.
   */
  wake: (name: string) => void;
  /** Stops taking jobs and lets those in hand finish (up to `timeoutMs`). */
  stop: (timeoutMs?: number) => Promise<void>;
  /**
   * Makes one attempt at each job of `name` now, due or not: what a test does instead of waiting
   * for the worker's next poll or a retry's delay. Answers how many jobs it took.
   */
  workPending: (name: string) => Promise<number>;
  listFailed: () => Promise<FailedJob[]>;
  retryFailed: (id: string) => Promise<FailedJob | undefined>;
  discardFailed: (id: string) => Promise<FailedJob | undefined>;
}

interface Definition {
  settings: QueueSettings;
  handler: JobHandler<object>;
  hooks: FailedJobHooks<object>;
}

interface FailedRow {
  id: string;
  name: string;
  data: object;
  output: { message?: string; value?: { message?: string } } | null;
  retry_count: number;
  created_on: Date;
  completed_on: Date | null;
}

/**
 * The app's durable queue: pg-boss on the app's own pool and database (docs/decisions/031).
 * `runWorkers` false leaves the jobs to `workPending`: the tests' movable clock.
 */
export function createJobQueue(
  pool: pg.Pool,
  log: FastifyBaseLogger,
  { runWorkers }: { runWorkers: boolean },
): JobQueue {
  const boss = new PgBoss({
    db: executorOf(pool),
    schema: JOB_SCHEMA,
    supervise: runWorkers,
    schedule: runWorkers,
    archiveFailedAfterSeconds: KEEP_FAILED_SECONDS,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  const definitions = new Map<string, Definition>();
  const schedules = new Map<string, string>();
  const workerIds = new Map<string, string>();

  const runAttempt = async (name: string, job: PgBoss.JobWithMetadata<object>) => {
    const definition = definitions.get(name)!;
    try {
      await definition.handler({
        id: job.id,
        data: job.data,
        isLastAttempt: job.retryCount >= job.retryLimit,
      });
    } catch (error) {
      log.warn(
        { err: error, queue: name, jobId: job.id, attempt: job.retryCount + 1 },
        'job failed',
      );
      throw error;
    }
  };

  /** Each job of a batch succeeds or fails alone: one bad address never holds back the rest. */
  const runBatch = async (name: string, batch: PgBoss.JobWithMetadata<object>[]) => {
    for (const job of batch) {
      try {
        await runAttempt(name, job);
        await boss.complete(name, job.id);
      } catch (error) {
        await boss.fail(name, job.id, { message: messageOf(error) });
      }
    }
  };

  return {
    define: (name, settings, handler, hooks = {}) => {
      definitions.set(name, {
        settings,
        handler: handler as JobHandler<object>,
        hooks: hooks as FailedJobHooks<object>,
      });
    },
    every: (name, cron) => {
      schedules.set(name, cron);
    },
    send: (name, data, options = {}) =>
      boss.send(name, data, {
        ...(options.key ? { singletonKey: options.key } : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.db ? { db: executorOf(options.db) } : {}),
      }),
    start: async () => {
      await boss.start();
      await oneProcessAtATime(pool, async () => {
        for (const [name, { settings }] of definitions) {
          await boss.createQueue(name, queueOptions(name, settings));
        }
      });
      if (!runWorkers) return;
      for (const name of definitions.keys()) {
        const workerId = await boss.work<object>(
          name,
          { includeMetadata: true, batchSize: BATCH_SIZE, pollingIntervalSeconds: 2 },
          (batch) => runBatch(name, batch),
        );
        workerIds.set(name, workerId);
      }
      for (const [name, cron] of schedules) await boss.schedule(name, cron);
    },
    wake: (name) => {
      const workerId = workerIds.get(name);
      if (workerId) boss.notifyWorker(workerId);
    },
    stop: (timeoutMs = 20_000) => boss.stop({ graceful: true, wait: true, timeout: timeoutMs }),
    workPending: async (name) => {
      const batch = await boss.fetch<object>(name, {
        includeMetadata: true,
        ignoreStartAfter: true,
        batchSize: 1000,
      });
      await runBatch(name, batch);
      return batch.length;
    },
    listFailed: async () => {
      const rows = await selectFailed(pool);
      return Promise.all(rows.map((row) => describeFailed(row, definitions.get(row.name))));
    },
    retryFailed: async (id) => {
      const [row] = await selectFailed(pool, id);
      if (!row) return undefined;
      await boss.retry(row.name, id);
      await definitions.get(row.name)?.hooks.onRetry?.(row.data);
      return describeFailed(row, definitions.get(row.name));
    },
    discardFailed: async (id) => {
      const [row] = await selectFailed(pool, id);
      if (!row) return undefined;
      await boss.deleteJob(row.name, id);
      await definitions.get(row.name)?.hooks.onDiscard?.(row.data);
      return describeFailed(row, definitions.get(row.name));
    },
  };
}

function queueOptions(name: string, settings: QueueSettings): PgBoss.Queue {
  return {
    name,
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: settings.expireInSeconds,
  };
}

/** Any constant shared by every process: the lock the queues' tables are made under. */
const QUEUE_SETUP_LOCK = 726_301_548;

/**
 * Two processes making the same queue's tables at once deadlocked in PostgreSQL: they take turns
 * (the later one finds each queue made).
 */
async function oneProcessAtATime(pool: pg.Pool, work: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [QUEUE_SETUP_LOCK]);
    try {
      await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [QUEUE_SETUP_LOCK]);
    }
  } finally {
    client.release();
  }
}

function executorOf(client: Pick<pg.Pool, 'query'>): PgBoss.Db {
  return { executeSql: (text, values) => client.query(text, values) };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The library keeps no list of failed jobs in its API, so the dead-letter list reads its job
 * table (the columns of pg-boss 10: docs/decisions/031).
 */
async function selectFailed(pool: pg.Pool, id?: string): Promise<FailedRow[]> {
  const { rows } = await pool.query<FailedRow>(
    `select id, name, data, output, retry_count, created_on, completed_on
       from ${JOB_SCHEMA}.job
      where state = 'failed' and ($1::uuid is null or id = $1::uuid)
      order by completed_on desc nulls last
      limit 200`,
    [id ?? null],
  );
  return rows;
}

async function describeFailed(row: FailedRow, definition?: Definition): Promise<FailedJob> {
  return {
    id: row.id,
    queue: row.name,
    summary: (await definition?.hooks.describe?.(row.data)) ?? row.name,
    error: row.output?.message ?? row.output?.value?.message ?? 'unknown error',
    attempts: row.retry_count + 1,
    createdAt: row.created_on,
    failedAt: row.completed_on,
  };
}

/**
 * Creates or upgrades the library's schema, beside the app's migrations: at every start, under
 * the library's own advisory lock, so a fresh install needs no step of its own.
 */
export async function migrateJobSchema(pool: Pick<pg.Pool, 'query'>): Promise<void> {
  const boss = new PgBoss({
    db: executorOf(pool),
    schema: JOB_SCHEMA,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, wait: true, close: false });
}
