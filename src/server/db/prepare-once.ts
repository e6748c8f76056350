import { DrizzleQueryError, fillPlaceholders, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg, { type QueryResult, type QueryResultRow } from 'pg';
import { DATABASE_CASING, type Database } from './client.ts';

/**
 * A statement that the signed-in routes run on every request, built once per Database and
 * prepared by name (`.prepare(name)`, or `prepareSql`), so PostgreSQL parses and plans it once per
 * connection. Building a Drizzle query costs more CPU than PostgreSQL spends running it (measured:
 * 955 against 3,500 queries/s on 2 shared cores); values go in through `sql.placeholder(name)`.
 */
export function prepareOnce<Statement>(
  prepare: (db: Database) => Statement,
): (db: Database) => Statement {
  const statements = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = prepare(db);
      statements.set(db, statement);
    }
    return statement;
  };
}

/**
 * A value, or for a statement that is prepared once a `sql.placeholder` or SQL that yields it
 * (the user of the request's session, say).
 */
export type ValueOrPlaceholder<T> = T | Placeholder | SQL;

const dialect = new PgDialect({ casing: DATABASE_CASING });

/**
 * A statement written as SQL, prepared by name: Drizzle writes it once, and each run goes to pg
 * directly, without the promise layers Drizzle's own execute wraps around every query (its
 * tracing and cache hooks, unused here). Its rows come back as `db.execute` hands them over
 * (timestamps as text), and a failure is a `DrizzleQueryError` whose cause is pg's, as from
 * Drizzle. For the database, not a transaction: each run may take any pooled connection.
 */
export function prepareSql<Row extends QueryResultRow>(
  db: Database,
  name: string,
  query: SQL,
): PreparedSql<Row> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const statement = { name, text, types: driverTypes };
  return {
    async execute(values = {}) {
      const filled = fillPlaceholders(params, values);
      try {
        return await db.$client.query<Row>(statement, filled);
      } catch (error) {
        throw new DrizzleQueryError(text, filled, error as Error);
      }
    },
  };
}

export interface PreparedSql<Row extends QueryResultRow> {
  execute: (values?: Record<string, unknown>) => Promise<QueryResult<Row>>;
}

const returnedAsText = (value: string) => value;

/** What Drizzle's own queries read as text: dates, times and intervals, and arrays of them. */
const typesReadAsText = new Set<number>([
  pg.types.builtins.DATE,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.INTERVAL,
  1182, // date[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);

const driverTypes = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    typesReadAsText.has(typeId) ? returnedAsText : pg.types.getTypeParser(typeId, format),
};
