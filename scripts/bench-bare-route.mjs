/**
 * The yardsticks for `npm run bench`, on the same database and pool size as the app: a bare
 * Fastify route doing one PostgreSQL query, so the app's figures can be read as a share of it;
 * and one doing one durable write, an update of one row that commits, the least any save costs.
 * Each connection names its own row (`x-bench-row`), as each learner writes their own.
 */
import Fastify from 'fastify';
import pg from 'pg';

const ROWS = 1000;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await pool.query(
  'create table if not exists bench_rows (id int primary key, value text not null, updated_at timestamptz not null)',
);
await pool.query(
  `insert into bench_rows select id, '', now() from generate_series(0, ${ROWS - 1}) as id on conflict do nothing`,
);

const app = Fastify({ logger: false });
app.get('/bare', async () => {
  const { rows } = await pool.query('select id, email from users order by id limit 1');
  return { user: rows[0] ?? null };
});
app.put('/bare-write', async (request) => {
  const { rows } = await pool.query(
    'update bench_rows set value = $2, updated_at = now() where id = $1 returning updated_at',
    [Number(request.headers['x-bench-row']) % ROWS, String(request.body?.value ?? '')],
  );
  return { updatedAt: rows[0]?.updated_at ?? null };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end());
});
