import type { FastifyInstance } from 'fastify';
import type { Settings, UpdateSettingsInput } from '../../shared/api/account.ts';
import type { SessionUser } from '../../shared/api/auth.ts';
import { getProfile, updateProfile, type ProfileRecord } from '../users/users.ts';
import type { AuthCall } from './auth-session.ts';

export async function getSettings(
  app: FastifyInstance,
  user: SessionUser,
  call: AuthCall,
): Promise<Settings> {
  const [profile, session] = await Promise.all([
    getProfile(app.db, user.id),
    call.auth.getSession({ headers: call.headers }),
  ]);
  return toSettings(profile, Boolean(session?.user.twoFactorEnabled));
}

/** A toggle changes one preference; the others stay as they are. */
export async function updateSettings(
  app: FastifyInstance,
  user: SessionUser,
  call: AuthCall,
  patch: UpdateSettingsInput,
): Promise<Settings> {
  const current = await getProfile(app.db, user.id);
  await updateProfile(app.db, user.id, {
    themePreference: patch.themePreference,
    notificationPreferences: patch.notificationPreferences && {
      ...current.notificationPreferences,
      ...patch.notificationPreferences,
    },
  });
  return getSettings(app, user, call);
}

function toSettings(profile: ProfileRecord, twoFactorEnabled: boolean): Settings {
  return {
    notificationPreferences: profile.notificationPreferences,
    themePreference: profile.themePreference,
    twoFactorEnabled,
  };
}
