import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/build-test-app.ts';
import { listenToChannel } from './listen.ts';

const quiet = { warn: () => {} };
let pool: pg.Pool | undefined;

afterEach(async () => {
  await pool?.end();
  pool = undefined;
});

async function openPool(): Promise<pg.Pool> {
  pool = new pg.Pool({ connectionString: await createTestDatabase(), max: 2 });
  // The pool's own answer to an idle connection's failure: logged by the app, ignored here.
  pool.on('error', () => {});
  return pool;
}

/** Ends the pool's connections from outside, as a restarted or failed-over server does. */
async function cutConnections(pool: pg.Pool): Promise<void> {
  const outsider = new pg.Client(pool.options);
  await outsider.connect();
  try {
    await outsider.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
  } finally {
    await outsider.end();
  }
}

it('hears a notice sent by another connection', async () => {
  const pool = await openPool();
  let heard = 0;
  const listener = await listenToChannel(pool, 'listen_test', () => (heard += 1), quiet);
  await pool.query(`notify listen_test`);
  await expect.poll(() => heard).toBe(1);
  await listener.close();
});

it('listens again after its connection is cut, and calls back for what it may have missed', async () => {
  const pool = await openPool();
  let heard = 0;
  const listener = await listenToChannel(pool, 'listen_test', () => (heard += 1), quiet);
  await cutConnections(pool);
  // The reconnect calls back once by itself; the notice after it is heard as usual.
  await expect.poll(() => heard, { timeout: 5_000 }).toBe(1);
  await pool.query(`notify listen_test`);
  await expect.poll(() => heard).toBe(2);
  await listener.close();
});

it('after close, a failure of the connection it gave back neither throws nor listens again', async () => {
  const pool = await openPool();
  const uncaught: unknown[] = [];
  const keep = (error: unknown) => uncaught.push(error);
  process.on('uncaughtException', keep);
  try {
    let heard = 0;
    const listener = await listenToChannel(pool, 'listen_test', () => (heard += 1), quiet);
    await listener.close();
    await cutConnections(pool);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(uncaught).toEqual([]);
    expect(heard).toBe(0);
  } finally {
    process.off('uncaughtException', keep);
  }
});

it('gives its connection back when it cannot listen, so the pool does not lose it', async () => {
  const pool = await openPool();
  await expect(listenToChannel(pool, 'not a channel', () => {}, quiet)).rejects.toThrow();
  expect(pool.totalCount - pool.idleCount).toBe(0);
});
