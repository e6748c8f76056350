import { isAPIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { twoFactorMessages } from '../../shared/api/account.ts';
import { AppError } from '../http/errors.ts';
import { CLIENT_IP_HEADER } from './auth.ts';
import { recordSecondFactorCheck } from '../users/fresh-second-factor.ts';

/**
 * The signed-in admin proves their second factor again, for an act a stolen cookie must not do
 * alone (T4-L6). Better Auth's own check, so the code is good once (totp-replay.ts) and guesses
 * are counted as at sign-in. The session may then take sensitive actions for a few minutes;
 * answers until when.
 */
export async function confirmSecondFactor(request: FastifyRequest, code: string): Promise<Date> {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  try {
    await request.server.auth.api.verifyTOTP({ body: { code }, headers });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const isUsed = (error.body as { code?: string } | undefined)?.code === 'TOTP_CODE_USED';
    const message = isUsed ? twoFactorMessages.codeUsed : twoFactorMessages.codeInvalid;
    throw new AppError('bad_request', message, { code: message });
  }
  return recordSecondFactorCheck(request);
}
