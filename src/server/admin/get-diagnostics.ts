import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Diagnostics } from '../../shared/api/admin.ts';
import { migrationsFolder } from '../db/client.ts';

/** Read-only facts for the diagnostics page: the database's version and the migrations applied. */
export async function getDiagnostics(app: FastifyInstance): Promise<Diagnostics> {
  try {
    const version = await app.db.execute<{ version: string }>(sql`select version() as version`);
    const migrations = await app.db.execute<{ hash: string; created_at: string }>(
      sql`select hash, created_at::text from drizzle.__drizzle_migrations order by id`,
    );
    const names = await readMigrationNames();
    return {
      database: { status: 'up', version: version.rows[0]?.version ?? 'unknown' },
      migrations: migrations.rows.map((row) => ({
        name: names.get(Number(row.created_at)) ?? row.hash.slice(0, 12),
        createdAt: new Date(Number(row.created_at)).toISOString(),
      })),
    };
  } catch (error) {
    app.log.error({ err: error }, 'diagnostics could not read the database');
    return { database: { status: 'down', version: 'unknown' }, migrations: [] };
  }
}

/** Drizzle records a migration by its hash and journal time; the journal gives its name. */
async function readMigrationNames(): Promise<Map<number, string>> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as { entries: { when: number; tag: string }[] };
  return new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
}
