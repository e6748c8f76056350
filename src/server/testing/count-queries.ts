import type pg from 'pg';

export interface QueryCounter {
  /** The statements sent to PostgreSQL since the counter started or was last reset. */
  readonly statements: string[];
  reset: () => void;
}

/**
 * Records every statement sent through the pool, transactions' BEGIN and COMMIT included: each
 * one is a round trip to the database, which is what the signed-in routes are budgeted in.
 */
export function countQueries(pool: pg.Pool): QueryCounter {
  const statements: string[] = [];
  const watched = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => {
    if (watched.has(client)) return;
    watched.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      statements.push(statementText(args[0]));
      return query(...args);
    };
  });
  return { statements, reset: () => statements.splice(0) };
}

function statementText(config: unknown): string {
  if (typeof config === 'string') return config;
  return (config as { text?: string } | undefined)?.text ?? String(config);
}
