import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { Database } from '../db/client.ts';
import { prepareOnce } from '../db/prepare-once.ts';
import type { JsonRead } from '../db/read-together.ts';
import { sessions, users } from '../db/schema/auth.ts';
import { profiles } from '../db/schema/users.ts';
import type { SessionRecord } from '../http/guards.ts';

/** The session with this token, its user and the user's role: one query, one round trip. */
export async function findSessionUser(db: Database, token: string): Promise<SessionRecord | null> {
  const [row] = await findSessionUserStatement(db).execute({ token });
  return row ? toSessionRecord(row, row.expiresAt) : null;
}

/**
 * The same session, user and role as the CTE `request_session` that a route's own statement
 * starts with, so a signed-in request is one round trip: `sessionUserRead`, `sessionUserId` and
 * `isAdminSession` read from it.
 */
export function sessionUserCte(token: Placeholder, now: Placeholder): SQL {
  const fields = Object.entries(sessionUserColumns).flatMap(([key, column]) => [
    sql.raw(`'${key}'`),
    column,
  ]);
  return sql`request_session as (select ${sessions.userId} as user_id, ${sessions.expiresAt} > ${now} as is_unexpired, ${eq(profiles.role, 'admin')} as is_admin, json_build_object(${sql.join(fields, sql`, `)}) as record ${fromSessionUser(token)})`;
}

/** The session read by `sessionUserCte`, or null when no session has the token. */
export const sessionUserRead: JsonRead<SessionRecord | null> = {
  sql: sql`(select record from request_session)`,
  decode: (value) => {
    if (value === null) return null;
    const row = value as Omit<SessionUserRow, 'expiresAt'> & { expiresAt: string };
    return toSessionRecord(row, sessions.expiresAt.mapFromDriverValue(row.expiresAt) as Date);
  },
};

/**
 * The user of the session read by `sessionUserCte` while it is unexpired, as SQL a statement puts
 * where a user id goes: for anyone else it is null and matches no row.
 */
export const sessionUserId = sql`(select user_id from request_session where is_unexpired)`;

/** Whether the session read by `sessionUserCte` is an admin's (their own course access). */
export const isAdminSession = sql`coalesce((select is_admin from request_session), false)`;

const sessionUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  emailVerified: users.emailVerified,
  twoFactorEnabled: users.twoFactorEnabled,
  role: profiles.role,
  expiresAt: sessions.expiresAt,
};

type SessionUserRow = Omit<SessionUser, 'role'> & {
  role: SessionUser['role'] | null;
  expiresAt: Date;
};

function fromSessionUser(token: Placeholder): SQL {
  return sql`from ${sessions} inner join ${users} on ${eq(users.id, sessions.userId)} left join ${profiles} on ${eq(profiles.id, sessions.userId)} where ${eq(sessions.token, token)}`;
}

/** Field by field, not by spreading: it runs on every signed-in request. */
function toSessionRecord(row: Omit<SessionUserRow, 'expiresAt'>, expiresAt: Date): SessionRecord {
  const user: SessionUser = {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    emailVerified: row.emailVerified,
    twoFactorEnabled: row.twoFactorEnabled,
    role: row.role ?? 'user',
  };
  return { user, expiresAt };
}

const findSessionUserStatement = prepareOnce((db) =>
  db
    .select(sessionUserColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('find_session_user'),
);
