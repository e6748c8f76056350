import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/** What a record of an admin's doing says of them once their account is deleted. */
export const DELETED_ADMIN = 'a deleted admin account';
/** The id an anonymised log row keeps in place of the deleted admin's. */
export const DELETED_ACCOUNT_ID = 'deleted account';

/** A log of what admins did, naming each one by id and by email. */
export interface AdminLog {
  table: PgTable;
  id: PgColumn;
  email: PgColumn;
}

/** A document (a row) that names the admin who saved, published or uploaded it, by email. */
export interface AdminSignature {
  table: PgTable;
  email: PgColumn;
}

/** Where one feature names the admins who worked on it: each feature declares its own columns. */
export interface AdminTraces {
  logs?: AdminLog[];
  signatures?: AdminSignature[];
}

/**
 * Before an admin's account is deleted: what they did stays on record, unnamed. Every log row of
 * theirs keeps its place with the id and email replaced; every document they signed keeps its
 * text with the email replaced.
 */
export async function forgetAdmin(
  tx: Executor,
  admin: { id: string; email: string },
  traces: AdminTraces[],
): Promise<void> {
  for (const { logs = [], signatures = [] } of traces) {
    for (const { table, id, email } of logs) {
      await tx.execute(
        sql`update ${table} set ${sql.identifier(id.name)} = ${DELETED_ACCOUNT_ID}, ${sql.identifier(email.name)} = ${DELETED_ADMIN} where ${id} = ${admin.id}`,
      );
    }
    for (const { table, email } of signatures) {
      await tx.execute(
        sql`update ${table} set ${sql.identifier(email.name)} = ${DELETED_ADMIN} where ${email} = ${admin.email}`,
      );
    }
  }
}
