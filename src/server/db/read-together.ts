import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';
import { prepareSql } from './prepare-once.ts';

/** A read that can share one statement with others: its SQL yields one JSON value. */
export interface JsonRead<T> {
  sql: SQL;
  decode: (value: unknown) => T;
}

type Results<Reads> = { [Key in keyof Reads]: Reads[Key] extends JsonRead<infer T> ? T : never };

/** Several reads prepared as one statement: one round trip each time it runs. */
export interface ReadTogether<Reads> {
  execute: (values: Record<string, unknown>) => Promise<Results<Reads>>;
}

/**
 * Several reads in one statement, so one round trip to the database, prepared by name (values
 * through `sql.placeholder`). `ctes` come first, each `name as (…)`: what the reads share (the
 * request's session), or a statement (an update) run in the same statement as a data-modifying
 * CTE.
 */
export function prepareReadTogether<Reads extends Record<string, JsonRead<unknown>>>(
  db: Database,
  name: string,
  reads: Reads,
  ctes: SQL[] = [],
): ReadTogether<Reads> {
  const keys = Object.keys(reads);
  const columns = sql.join(
    keys.map((key) => sql`${reads[key]!.sql} as ${sql.identifier(key)}`),
    sql`, `,
  );
  const prefix = ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``;
  const statement = prepareSql<Record<string, unknown>>(db, name, sql`${prefix}select ${columns}`);
  return {
    async execute(values) {
      const [row] = (await statement.execute(values)).rows;
      const results: Record<string, unknown> = {};
      for (const key of keys) results[key] = reads[key]!.decode(row![key]);
      return results as Results<Reads>;
    },
  };
}

/** The rows of a table that match, in order, decoded as Drizzle would decode them: all their columns, or those named. */
export function rowsOf<
  Table extends PgTable,
  Key extends keyof Table['$inferSelect'] & string = keyof Table['$inferSelect'] & string,
>(
  table: Table,
  where: SQL | undefined,
  orderBy: SQL = sql``,
  keys?: Key[],
): JsonRead<Pick<Table['$inferSelect'], Key>[]> {
  const columns = Object.entries(getTableColumns(table)).filter(
    ([key]) => !keys || keys.includes(key as Key),
  );
  const row = keys
    ? sql`json_build_object(${sql.join(
        columns.flatMap(([, column]) => [sql.raw(`'${column.name}'`), column]),
        sql`, `,
      )})`
    : sql`${table}`;
  return {
    sql: sql`(select coalesce(json_agg(${row} ${orderBy}), '[]'::json) from ${table} where ${where})`,
    // Loops, not Object.fromEntries: every signed-in page decodes its rows here.
    decode: (value) =>
      (value as Record<string, unknown>[]).map((json) => {
        const decoded: Record<string, unknown> = {};
        for (const [key, column] of columns) {
          const raw = json[column.name];
          decoded[key] = raw === null || raw === undefined ? null : column.mapFromDriverValue(raw);
        }
        return decoded;
      }) as Pick<Table['$inferSelect'], Key>[],
  };
}

/** Whether a condition holds, as one read. */
export function whether(condition: SQL): JsonRead<boolean> {
  return { sql: sql`(${condition})`, decode: (value) => value === true };
}
