import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { escapeLikePattern } from '../../shared/rules/admin.ts';
import type { Database, Executor } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { profiles } from '../db/schema/users.ts';
import type { Role } from './users.ts';

export interface UserRecord {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  createdAt: Date;
  role: Role;
}

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  name: users.name,
  createdAt: users.createdAt,
  role: sql<Role>`coalesce(${profiles.role}, 'user')`,
};

/** The indexed key of the email search (users_email_key_idx): lower case, in byte order. */
const emailKey = sql`(lower(${users.email}) collate "C")`;

function emailStartsWith(text: string) {
  return sql`${emailKey} like ${`${escapeLikePattern(text.toLowerCase())}%`}`;
}

/** Spec 2 §2: the email (or the name) contains the text; pg_trgm's indexes serve it. */
function emailOrNameContains(text: string) {
  const pattern = `%${escapeLikePattern(text.toLowerCase())}%`;
  return sql`(lower(${users.email}) like ${pattern} or lower(${users.name}) like ${pattern})`;
}

/** Past this many, a text is common enough that walking the email index in order soon meets it. */
const FEW_MATCHES = 500;

/**
 * Who contains `text`, put so that PostgreSQL answers an ordered page of them quickly. Asked for
 * the first page by email, it walks the email index in order and filters: at once for a common
 * text, but through every user for a text nobody has (2.2 s at a million users, measured). So the
 * matches are first counted up to a bound, which the trigram indexes answer at once for a rare
 * text and a short scan for a common one; a few are then named by id.
 */
async function containedBy(db: Executor, text: string): Promise<SQL> {
  const contains = emailOrNameContains(text);
  const few = await db
    .select({ id: users.id })
    .from(users)
    .where(contains)
    .limit(FEW_MATCHES + 1);
  return few.length > FEW_MATCHES
    ? contains
    : inArray(
        users.id,
        few.map((row) => row.id),
      );
}

function selectUsers(db: Executor) {
  return db.select(userColumns).from(users).leftJoin(profiles, eq(profiles.id, users.id));
}

export async function findUserById(db: Executor, userId: string): Promise<UserRecord | null> {
  const [user] = await selectUsers(db).where(eq(users.id, userId));
  return user ?? null;
}

/**
 * The user with this email, whatever its case; else the first (by email) whose email starts with
 * the text; else the first whose email or name contains it.
 */
export async function findUserByEmailSearch(
  db: Database,
  text: string,
): Promise<UserRecord | null> {
  const [exact] = await selectUsers(db).where(sql`${emailKey} = ${text.toLowerCase()}`);
  if (exact) return exact;
  const [startsWith] = await selectUsers(db)
    .where(emailStartsWith(text))
    .orderBy(emailKey)
    .limit(1);
  if (startsWith) return startsWith;
  const [contains] = await selectUsers(db)
    .where(await containedBy(db, text))
    .orderBy(emailKey)
    .limit(1);
  return contains ?? null;
}

/**
 * Newest first, or by email those whose email or name contains `search`; one row more than asked
 * tells whether a next page exists.
 */
export async function listUsers(
  db: Database,
  { search, page, pageSize }: { search: string; page: number; pageSize: number },
): Promise<{ users: UserRecord[]; hasMore: boolean }> {
  const query = selectUsers(db);
  const rows = await (search ? query.where(await containedBy(db, search)) : query)
    .orderBy(...(search ? [emailKey] : [desc(users.createdAt), desc(users.id)]))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  return { users: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}

export async function listUsersByEmails(
  db: Database,
  emails: readonly string[],
): Promise<{ id: string; email: string; emailVerified: boolean }[]> {
  if (emails.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(
      inArray(
        emailKey,
        emails.map((email) => email.toLowerCase()),
      ),
    );
}

export async function listEmailsByIds(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** Which of these ids name an account. */
export async function listExistingUserIds(
  db: Executor,
  userIds: readonly string[],
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return rows.map((row) => row.id);
}

/** The user's address once they have confirmed it (opened the link mailed to it), else null. */
export async function findConfirmedEmail(db: Executor, userId: string): Promise<string | null> {
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.emailVerified, true)));
  return user?.email ?? null;
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(users);
  return row?.total ?? 0;
}

/** Whether an account has confirmed this address (opened the link mailed to it). */
export async function isConfirmedAddress(db: Database, email: string): Promise<boolean> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${emailKey} = ${email.toLowerCase()} and ${users.emailVerified}`);
  return user !== undefined;
}

/** The id of the account with this address, whatever its case; null when there is none. */
export async function findUserIdByEmail(db: Database, email: string): Promise<string | null> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${emailKey} = ${email.toLowerCase()}`);
  return user?.id ?? null;
}

/** Accounts by id, for lists that name their people (the creator's sessions). */
export async function listUsersByIds(
  db: Database,
  userIds: readonly string[],
): Promise<Map<string, UserRecord>> {
  if (userIds.length === 0) return new Map();
  const rows = await selectUsers(db).where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Every account, oldest first: the creator's export of customers. */
export async function listAllUsers(db: Database): Promise<UserRecord[]> {
  return selectUsers(db).orderBy(users.createdAt);
}
