import { eq, inArray, sql } from 'drizzle-orm';
import {
  defaultNotificationPreferences,
  type NotificationPreferences,
  type NotificationSwitch,
} from '../../shared/rules/account.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { profiles } from '../db/schema/users.ts';

export type Role = (typeof profiles.$inferSelect)['role'];

export async function createProfile(db: Database, userId: string): Promise<void> {
  await db.insert(profiles).values({ id: userId }).onConflictDoNothing();
}

export async function getRole(db: Database, userId: string): Promise<Role> {
  const [profile] = await db
    .select({ role: profiles.role })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return profile?.role ?? 'user';
}

export async function setRoleByEmail(db: Database, email: string, role: Role): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`No account with the email ${email}`);
  await db
    .insert(profiles)
    .values({ id: user.id, role })
    .onConflictDoUpdate({ target: profiles.id, set: { role, updatedAt: new Date() } });
}

export async function getStripeCustomerId(db: Database, userId: string): Promise<string | null> {
  const [profile] = await db
    .select({ stripeCustomerId: profiles.stripeCustomerId })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return profile?.stripeCustomerId ?? null;
}

/** Keeps the first Stripe customer stored for a user and answers the one kept. */
export async function saveStripeCustomerId(
  db: Database,
  userId: string,
  customerId: string,
): Promise<string> {
  const [profile] = await db
    .insert(profiles)
    .values({ id: userId, stripeCustomerId: customerId })
    .onConflictDoUpdate({
      target: profiles.id,
      set: {
        stripeCustomerId: sql`coalesce(${profiles.stripeCustomerId}, excluded.stripe_customer_id)`,
        updatedAt: new Date(),
      },
    })
    .returning({ stripeCustomerId: profiles.stripeCustomerId });
  return profile!.stripeCustomerId!;
}

export async function findUserIdByStripeCustomerId(
  db: Database,
  customerId: string,
): Promise<string | null> {
  const [profile] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.stripeCustomerId, customerId));
  return profile?.id ?? null;
}

export type ProfileRecord = typeof profiles.$inferSelect;
export type ProfileChanges = Partial<
  Pick<
    ProfileRecord,
    'bio' | 'website' | 'avatarUrl' | 'notificationPreferences' | 'themePreference'
  >
>;

/** The learner's profile row, created on first read for accounts older than profiles. */
export async function getProfile(db: Database, userId: string): Promise<ProfileRecord> {
  await createProfile(db, userId);
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  return profile!;
}

export async function updateProfile(
  db: Database,
  userId: string,
  changes: ProfileChanges,
): Promise<ProfileRecord> {
  await createProfile(db, userId);
  const [profile] = await db
    .update(profiles)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(profiles.id, userId))
    .returning();
  return profile!;
}

/** The mail switches of each learner named; an account without a profile row has the defaults. */
export async function listNotificationPreferences(
  db: Database,
  userIds: readonly string[],
): Promise<Map<string, NotificationPreferences>> {
  const rows =
    userIds.length === 0
      ? []
      : await db
          .select({ id: profiles.id, preferences: profiles.notificationPreferences })
          .from(profiles)
          .where(inArray(profiles.id, [...userIds]));
  const found = new Map(rows.map((row) => [row.id, row.preferences]));
  return new Map(
    userIds.map((id) => [id, { ...defaultNotificationPreferences, ...found.get(id) }]),
  );
}

/** One switch off, the others as they were: what an unsubscribe link does. A deleted account: nothing. */
export async function turnOffNotificationSwitch(
  db: Database,
  userId: string,
  switchName: NotificationSwitch,
): Promise<void> {
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!account) return;
  await createProfile(db, userId);
  await db
    .update(profiles)
    .set({
      notificationPreferences: sql`${profiles.notificationPreferences} || jsonb_build_object(${switchName}::text, false)`,
      updatedAt: new Date(),
    })
    .where(eq(profiles.id, userId));
}
