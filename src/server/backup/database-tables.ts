import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** Values as PostgreSQL writes them as text: read back by its own input, nothing is lost. */
export const rawText = { getTypeParser: () => (value: string) => value };

export const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Tables whose rows are counted from others by triggers (migration 0043: the overview's running
 * totals): left out of a backup, and rebuilt by those triggers as a restore loads the rows.
 */
export const DERIVED_TABLES = ['overview_totals'];

/**
 * The app's tables (schema public) but the derived ones, each after every table it refers to, so
 * rows load in order. A table's reference to itself is left to the end of each statement, where
 * PostgreSQL checks it.
 */
export async function listTablesInLoadOrder(client: Queryable): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname <> all($1)
      order by c.relname`,
    [DERIVED_TABLES],
  );
  const { rows: references } = await client.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
       from pg_constraint k
       join pg_class child on child.oid = k.conrelid
       join pg_class parent on parent.oid = k.confrelid
       join pg_namespace n on n.oid = child.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and child.oid <> parent.oid`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table)) return;
    if (path.has(table)) throw new Error(`The tables refer to each other in a cycle at ${table}.`);
    path.add(table);
    for (const { parent } of references.filter((reference) => reference.child === table)) {
      visit(parent, path);
    }
    path.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const { name } of tables) visit(name, new Set());
  return ordered;
}

/** The columns a row is written with: generated ones are the database's to compute. */
export async function listStoredColumns(client: Queryable, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select a.attname as name from pg_attribute a
      where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
        and a.attgenerated = '' order by a.attnum`,
    [quoteName(table)],
  );
  return rows.map((row) => row.name);
}
