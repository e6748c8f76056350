/**
 * The yardstick for `npm run bench`: a bare Fastify route doing one PostgreSQL query on the same
 * database and pool size as the app, so the app's figures can be read as a share of it.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
app.get('/bare', async () => {
  const { rows } = await pool.query('select id, email from users order by id limit 1');
  return { user: rows[0] ?? null };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end());
});
