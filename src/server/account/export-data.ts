import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../shared/api/auth.ts';
import { addressDataCoverage } from '../../shared/rules/account.ts';
import { exportAccessData } from '../access/learner-data.ts';
import { exportBetaData } from '../beta/learner-data.ts';
import { exportReleaseNotices } from '../catalogue/release-notices.ts';
import { exportCompanionData } from '../companion/learner-data.ts';
import { exportLearningData } from '../learning/learner-data.ts';
import { exportVisitorData } from '../marketing/visitor-data.ts';
import { exportPaymentData } from '../payments/buyer-data.ts';
import { exportSessionData } from '../sessions/learner-data.ts';
import { listAccountEvents } from '../users/account-controls.ts';
import { listAdminReads } from '../users/admin-reads.ts';
import { getProfile } from '../users/users.ts';
import type { AuthCall } from './auth-session.ts';
import { listDevices } from './security.ts';

export type AccountExport = Awaited<ReturnType<typeof exportAccountData>>;

/**
 * Everything we keep about the learner, in one document (the right of access and portability).
 * What was sent with their email address is theirs only once they have confirmed that address.
 */
export async function exportAccountData(app: FastifyInstance, user: SessionUser, call: AuthCall) {
  const addressEmail = user.emailVerified ? user.email : null;
  const [
    session,
    profile,
    devices,
    access,
    learning,
    companion,
    beta,
    payments,
    sessions,
    visitor,
    releaseNotices,
    adminReads,
    accountEvents,
  ] = await Promise.all([
    call.auth.getSession({ headers: call.headers }),
    getProfile(app.db, user.id),
    listDevices(call),
    exportAccessData(app.db, user.id),
    exportLearningData(app, user.id),
    exportCompanionData(
      app.db,
      { current: app.config.reflectionKey, previous: app.config.reflectionPreviousKeys },
      user.id,
    ),
    exportBetaData(app.db, user.id, addressEmail),
    exportPaymentData(app.db, user.id),
    exportSessionData(app.db, user.id),
    exportVisitorData(app.db, addressEmail),
    exportReleaseNotices(app, user.id, addressEmail),
    listAdminReads(app.db, user.id),
    listAccountEvents(app.db, user.id),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    dataSentWithYourAddress: addressEmail
      ? addressDataCoverage.exportIncluded
      : addressDataCoverage.exportWithheld,
    account: {
      id: user.id,
      email: user.email,
      name: session?.user.name ?? '',
      firstName: user.firstName,
      lastName: user.lastName,
      emailVerified: session?.user.emailVerified ?? false,
      twoFactorEnabled: Boolean(session?.user.twoFactorEnabled),
      createdAt: session?.user.createdAt.toISOString() ?? null,
    },
    profile: {
      role: profile.role,
      bio: profile.bio,
      website: profile.website,
      avatarUrl: profile.avatarUrl,
      notificationPreferences: profile.notificationPreferences,
      themePreference: profile.themePreference,
      hasPaymentCustomer: profile.stripeCustomerId !== null,
      createdAt: profile.createdAt.toISOString(),
      updatedAt: profile.updatedAt.toISOString(),
    },
    devices,
    ...access,
    ...learning,
    ...companion,
    ...beta,
    ...payments,
    ...sessions,
    ...visitor,
    /** Each "Tell me when it opens": the course, the address, and when we mailed it. */
    releaseNotices,
    /** Each time an admin read your private text: who, what and when. */
    adminReads,
    /** What an admin did to your account itself: ended its sessions, disabled or enabled it. */
    accountEvents,
  };
}
