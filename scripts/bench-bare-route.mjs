/**
 * The yardsticks for `npm run bench`, on the same database and pool size as the app, in bare
 * Fastify (no hooks, no Drizzle, no zod):
 * - `/replay/:route` sends the very statements the app sent for that route and that learner
 *   (recorded by scripts/bench-record-statements.mjs, read from BENCH_REPLAY_FILE), in order on
 *   one connection, then the very answer the app gave, as recorded: the same work on the
 *   database and on the wire, so a route's share of it is the price of the framework and our
 *   code alone (building its answer included); a reflection save's yardstick also reads the
 *   text for risk and encrypts it, as the app must (issue 38 B1: the same work on both sides);
 * - `/bare`, one query, and `/bare-write`, an update of one row that commits, the least any read
 *   or save costs.
 * Each connection names its learner or its own row (`x-bench-row`).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import { createFieldCipher } from '../src/server/db/field-cipher.ts';
import { readSafety } from '../src/shared/rules/companion.ts';
import { assessCrisis } from '../src/shared/rules/crisis-detection.ts';

const ROWS = 1000;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await pool.query(
  'create table if not exists bench_rows (id int primary key, value text not null, updated_at timestamptz not null)',
);
await pool.query(
  `insert into bench_rows select id, '', now() from generate_series(0, ${ROWS - 1}) as id on conflict do nothing`,
);

/**
 * For each route, each learner's statements and answer, as recorded (JSON turns a Buffer into
 * its bytes).
 */
const replays = JSON.parse(readFileSync(process.env.BENCH_REPLAY_FILE, 'utf8'), (_key, value) =>
  value?.type === 'Buffer' && Array.isArray(value.data) ? Buffer.from(value.data) : value,
);

const rowOf = (request) => Number(request.headers['x-bench-row']);

const cipher = createFieldCipher(randomBytes(32));
/** What a route must do with the text a request carries, besides the database. */
const workOnText = {
  reflection: (body) => {
    readSafety(assessCrisis(body.response));
    cipher.encrypt(body.response, ['bench']);
  },
};

const app = Fastify({ logger: false });
app.get('/bare', async () => {
  const { rows } = await pool.query('select id, email from users order by id limit 1');
  return { user: rows[0] ?? null };
});
app.put('/bare-write', async (request) => {
  const { rows } = await pool.query(
    'update bench_rows set value = $2, updated_at = now() where id = $1 returning updated_at',
    [rowOf(request) % ROWS, String(request.body?.value ?? '')],
  );
  return { updatedAt: rows[0]?.updated_at ?? null };
});
const replay = async (request, reply) => {
  workOnText[request.params.route]?.(request.body);
  const learners = replays[request.params.route];
  const { statements, answer } = learners[rowOf(request) % learners.length];
  const client = await pool.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    client.release();
  }
  return reply.type('application/json; charset=utf-8').send(answer);
};
app.get('/replay/:route', replay);
app.put('/replay/:route', replay);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end());
});
