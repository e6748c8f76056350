import type { FastifyInstance } from 'fastify';
import type { Profile, UpdateProfileInput } from '../../shared/api/account.ts';
import type { SessionUser } from '../../shared/api/auth.ts';
import { isUnexpired } from '../../shared/rules/access.ts';
import { listEnrollments } from '../access/enrollments.ts';
import { listCompletedLessons } from '../learning/lesson-completions.ts';
import { getReflectionStats } from '../learning/reflections.ts';
import { getProfile as getProfileRecord, updateProfile } from '../users/users.ts';
import type { AuthCall } from './auth-session.ts';

export async function getAccountProfile(
  app: FastifyInstance,
  user: SessionUser,
  call: AuthCall,
): Promise<Profile> {
  const [session, profile, enrollments, completed, reflections] = await Promise.all([
    call.auth.getSession({ headers: call.headers }),
    getProfileRecord(app.db, user.id),
    listEnrollments(app.db, user.id),
    listCompletedLessons(app.db, user.id),
    getReflectionStats(app.db, user.id),
  ]);
  const now = new Date();
  return {
    fullName: session?.user.name ?? `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    bio: profile.bio ?? '',
    website: profile.website ?? '',
    avatarUrl: profile.avatarUrl ?? '',
    memberSince: (session?.user.createdAt ?? profile.createdAt).toISOString(),
    stats: {
      coursesEnrolled: enrollments.filter((row) => isUnexpired(row.expiresAt, now)).length,
      lessonsCompleted: completed.length,
      reflectionsWritten: reflections.total,
    },
  };
}

/** The full name lives on the account (it signs receipts); the rest on the profile. */
export async function updateAccountProfile(
  app: FastifyInstance,
  user: SessionUser,
  call: AuthCall,
  { fullName, bio, website, avatarUrl }: UpdateProfileInput,
): Promise<Profile> {
  if (fullName !== undefined) {
    const [firstName = '', ...rest] = fullName.split(/\s+/);
    await call.auth.updateUser({
      headers: call.headers,
      body: { name: fullName, firstName, lastName: rest.join(' ') },
    });
  }
  const orNull = (value: string | undefined) => (value === undefined ? undefined : value || null);
  await updateProfile(app.db, user.id, {
    bio: orNull(bio),
    website: orNull(website),
    avatarUrl: orNull(avatarUrl),
  });
  return getAccountProfile(app, user, call);
}
