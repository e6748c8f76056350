import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { profiles } from '../db/schema/profile.ts';

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
