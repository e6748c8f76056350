import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { Database } from '../db/client.ts';
import { prepareOnce } from '../db/prepare-once.ts';
import { sessions, users } from '../db/schema/auth.ts';
import { profiles } from '../db/schema/users.ts';

export interface SessionRecord {
  user: SessionUser;
  expiresAt: Date;
}

/** The session with this token, its user and the user's role: one query, one round trip. */
export async function findSessionUser(db: Database, token: string): Promise<SessionRecord | null> {
  const [row] = await findSessionUserStatement(db).execute({ token });
  if (!row) return null;
  const { expiresAt, role, ...user } = row;
  return { user: { ...user, role: role ?? 'user' }, expiresAt };
}

const findSessionUserStatement = prepareOnce((db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      emailVerified: users.emailVerified,
      role: profiles.role,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('find_session_user'),
);
