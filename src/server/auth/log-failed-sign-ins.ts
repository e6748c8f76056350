import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pathnameOf } from '../http/request-path.ts';
import { findUserIdByEmail } from '../users/find-users.ts';

const SIGN_IN_PATH = '/api/auth/sign-in/email';

/**
 * A refused sign-in is logged with the account it was for (its user id when the address belongs
 * to one; never the password, nor an address that belongs to no one), so an operator can see
 * which accounts are being guessed at. Better Auth's own line names no account.
 */
export function logFailedSignIns(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode >= 400 && pathnameOf(request) === SIGN_IN_PATH) {
      void logFailedSignIn(app, request, reply.statusCode);
    }
    done();
  });
}

async function logFailedSignIn(app: FastifyInstance, request: FastifyRequest, status: number) {
  const { email } = (request.body ?? {}) as { email?: unknown };
  try {
    const userId = typeof email === 'string' ? await findUserIdByEmail(app.db, email) : null;
    app.log.warn(
      { event: 'sign-in-failed', userId, status, clientIp: request.ip },
      userId ? 'sign-in failed for an account' : 'sign-in failed for an unknown address',
    );
  } catch (error) {
    app.log.error({ err: error }, 'could not log a failed sign-in');
  }
}
