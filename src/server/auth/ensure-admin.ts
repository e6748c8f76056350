import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../db/schema/auth.ts';
import { setRoleByEmail } from '../profile/profiles.ts';

/** ADMIN_EMAIL + ADMIN_PASSWORD: at start that account exists and has the admin role. */
export async function ensureAdmin(app: FastifyInstance): Promise<void> {
  const admin = app.config.admin;
  if (!admin) return;
  const [existing] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, admin.email));
  if (!existing) {
    await app.auth.api.signUpEmail({
      body: {
        email: admin.email,
        password: admin.password,
        name: 'Admin',
        firstName: 'Admin',
        lastName: '',
      },
    });
    app.log.info({ email: admin.email }, 'created the admin account');
  }
  await setRoleByEmail(app.db, admin.email, 'admin');
}
