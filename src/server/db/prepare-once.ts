import type { Placeholder, SQL } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery } from 'drizzle-orm/pg-core';
import type { QueryResult, QueryResultRow } from 'pg';
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
 * A statement written as SQL, prepared by name as Drizzle prepares its own queries: its rows come
 * back as `db.execute` hands them over (timestamps as text).
 */
export function prepareSql<Row extends QueryResultRow>(
  db: Database,
  name: string,
  query: SQL,
): PgPreparedQuery<{ execute: QueryResult<Row>; all: never; values: never }> {
  return db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
}
