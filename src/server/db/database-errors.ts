/** Where the app found its database: what an operator changes to fix a connection. */
export type DatabaseSource =
  { variable: 'DATABASE_URL'; url: string } | { variable: 'DATA_DIR'; url: string };

/** The first error in a chain of causes that PostgreSQL or the network gave. */
function rootCause(error: unknown): { message: string; code?: string } {
  let current = error as { message?: string; code?: string; cause?: unknown } | undefined;
  while (current?.cause && typeof current.cause === 'object') {
    current = current.cause as typeof current;
  }
  return { message: current?.message ?? String(error), code: current?.code };
}

const fixes: Record<string, string> = {
  '28P01': 'the password (or user) is wrong: check them in',
  '28000':
    'the server refuses this user from this address (pg_hba.conf), or the user does not exist: check',
  '3D000': 'the database does not exist: create it (createdb), or check its name in',
  ECONNREFUSED: 'nothing listens at that address: start PostgreSQL, or check the host and port in',
  ENOTFOUND: 'the host name is not known: check the host in',
  EAI_AGAIN: 'the host name could not be looked up: check the host in',
  ETIMEDOUT: 'the server did not answer: check the host, port and firewall for',
};

/**
 * A connection error as an operator can act on it: the cause PostgreSQL gave (never the
 * statement), what it means, and the variable to fix. The password never appears.
 */
export function describeDatabaseError(error: unknown, source: DatabaseSource): string {
  const cause = rootCause(error);
  const address = new URL(source.url);
  const where = `${address.hostname}:${address.port || '5432'}${address.pathname}`;
  const fix = cause.code ? fixes[cause.code] : undefined;
  const hint = fix ? ` (${fix} ${source.variable})` : ` (check ${source.variable})`;
  return `Could not use the database at ${where}: ${cause.message}${hint}.`;
}
