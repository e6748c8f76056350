import type { ChangePasswordInput, Device } from '../../shared/api/account.ts';
import { accountMessages } from '../../shared/rules/account.ts';
import { AppError } from '../http/errors.ts';
import { OWN_DATA_ONLY } from '../http/guards.ts';
import { asWrongPassword, type AuthCall } from './auth-session.ts';

/** A new password ends every other session; this device stays signed in with a new session. */
export async function changePassword(call: AuthCall, input: ChangePasswordInput): Promise<void> {
  const { headers } = await call.auth
    .changePassword({
      headers: call.headers,
      body: { ...input, revokeOtherSessions: true },
      returnHeaders: true,
    })
    .catch(asWrongPassword('currentPassword', accountMessages.currentPasswordWrong));
  call.passCookiesOn(headers);
}

/** The learner's signed-in devices; ids only, the session tokens never leave the server. */
export async function listDevices(call: AuthCall): Promise<Device[]> {
  const [current, sessions] = await Promise.all([
    call.auth.getSession({ headers: call.headers }),
    call.auth.listSessions({ headers: call.headers }),
  ]);
  return sessions
    .map((session) => ({
      id: session.id,
      userAgent: session.userAgent ?? null,
      ipAddress: session.ipAddress ?? null,
      signedInAt: session.createdAt.toISOString(),
      lastActiveAt: session.updatedAt.toISOString(),
      isCurrent: session.id === current?.session.id,
    }))
    .sort(
      (a, b) =>
        Number(b.isCurrent) - Number(a.isCurrent) || b.lastActiveAt.localeCompare(a.lastActiveAt),
    );
}

/** Ends one of the learner's own sessions; any other id is refused. */
export async function signOutDevice(call: AuthCall, deviceId: string): Promise<void> {
  const sessions = await call.auth.listSessions({ headers: call.headers });
  const session = sessions.find((candidate) => candidate.id === deviceId);
  if (!session) throw new AppError('forbidden', OWN_DATA_ONLY);
  const { headers } = await call.auth.revokeSession({
    headers: call.headers,
    body: { token: session.token },
    returnHeaders: true,
  });
  call.passCookiesOn(headers);
}
