import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accounts, users } from '../db/schema/auth.ts';
import { setRoleByEmail } from '../users/users.ts';
import { verifyPassword } from './password-hashing.ts';

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD: at start that account exists and has the admin role. An account
 * someone else registered under that address is promoted only when its password is
 * ADMIN_PASSWORD and its email is verified; otherwise the start refuses and says why.
 */
export async function ensureAdmin(app: FastifyInstance): Promise<void> {
  const admin = app.config.admin;
  if (!admin) return;
  const [existing] = await app.db
    .select({ id: users.id, emailVerified: users.emailVerified, hash: accounts.password })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(eq(users.email, admin.email));
  if (!existing) {
    await createAdminAccount(app, admin);
  } else {
    const isOwner =
      existing.hash !== null &&
      (await verifyPassword({ hash: existing.hash, password: admin.password }));
    if (!isOwner || !existing.emailVerified) {
      app.log.error(
        { email: admin.email },
        isOwner
          ? 'ADMIN_EMAIL: that account has not verified its email; it stays without the admin role'
          : 'ADMIN_EMAIL: an account with that email exists and its password is not ADMIN_PASSWORD; it stays without the admin role',
      );
      return;
    }
  }
  await setRoleByEmail(app.db, admin.email, 'admin');
}

/** The operator's own account: its address comes from the operator, so it counts as verified. */
async function createAdminAccount(
  app: FastifyInstance,
  admin: { email: string; password: string },
): Promise<void> {
  await app.auth.api.signUpEmail({
    body: {
      email: admin.email,
      password: admin.password,
      name: 'Admin',
      firstName: 'Admin',
      lastName: '',
    },
  });
  await app.db.update(users).set({ emailVerified: true }).where(eq(users.email, admin.email));
  app.log.info({ email: admin.email }, 'created the admin account');
}
