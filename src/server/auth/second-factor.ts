import type { GenericEndpointContext } from 'better-auth';
import { deleteSessionCookie } from 'better-auth/cookies';

/**
 * After `/verify-email`: the link confirms the address, and signs in only an account without a
 * second factor. Better Auth's auto sign-in there skips the twoFactor plugin, whose check covers
 * the sign-in endpoints alone; such an account signs in with its password and code instead.
 */
export async function withholdSessionFromSecondFactorAccounts(
  ctx: GenericEndpointContext,
): Promise<void> {
  const created = ctx.context.newSession;
  if (ctx.path !== '/verify-email' || !created?.user.twoFactorEnabled) return;
  deleteSessionCookie(ctx, true);
  await ctx.context.internalAdapter.deleteSession(created.session.token);
  ctx.context.setNewSession(null);
}
