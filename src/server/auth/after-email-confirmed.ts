import type { FastifyBaseLogger } from 'fastify';

/**
 * Better Auth's `emailVerification.afterEmailVerification`: what waits for a confirmed address
 * (an invitation to it) follows the confirmation at once, also in a browser already signed in,
 * where the link creates no new session. A failure is logged, never blocks the confirmation.
 */
export function afterEmailConfirmed(
  onEmailConfirmed: ((userId: string) => Promise<unknown>) | undefined,
  log: FastifyBaseLogger,
) {
  return async (user: { id: string }): Promise<void> => {
    await onEmailConfirmed?.(user.id).catch((error: unknown) => {
      log.error({ err: error, userId: user.id }, 'the email confirmation hook failed');
    });
  };
}
