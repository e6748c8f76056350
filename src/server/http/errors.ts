import { isAPIError } from 'better-auth/api';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '../../shared/api/errors.ts';

export type { ErrorCode };

const statusByCode: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  second_factor_needed: 403,
  not_found: 404,
  conflict: 409,
  version_conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

/** The error domain code throws; the handler turns it into the contract's answer. */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** With `version_conflict`: what the server holds now. */
    readonly current?: unknown,
  ) {
    super(message);
    this.statusCode = statusByCode[code];
  }
}

export const SIGN_IN_MESSAGE = 'Please sign in to continue.';

export function errorBody(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  current?: unknown,
): ApiErrorBody {
  return {
    error: {
      code,
      message,
      ...(fields && { fields }),
      ...(current !== undefined && { current }),
    },
  };
}

export function codeForStatus(status: number): ErrorCode {
  const match = Object.entries(statusByCode).find(([, value]) => value === status);
  return (match?.[0] as ErrorCode | undefined) ?? (status >= 500 ? 'internal' : 'bad_request');
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (await isUnsettledWithoutSession(request, reply)) {
      return reply.status(401).send(errorBody('unauthorized', SIGN_IN_MESSAGE));
    }
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send(errorBody(error.code, error.message, error.fields, error.current));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        fields[field] ??= issue.message ?? 'is invalid';
      }
      const [field, reason] = Object.entries(fields)[0] ?? ['body', 'is invalid'];
      return reply.status(400).send(errorBody('bad_request', `${field}: ${reason}`, fields));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply
        .status(413)
        .send(errorBody('payload_too_large', 'The request body is too large.'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply
        .status(400)
        .send(errorBody('bad_request', 'The request body is not valid JSON.'));
    }
    if (status >= 400 && status < 500 && isMeantForTheCaller(error)) {
      return reply.status(status).send(errorBody(codeForStatus(status), error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send(errorBody('internal', 'Something went wrong on our side. Please try again.'));
  });
}

/**
 * Fastify's own refusals (`FST_…`), errors marked to be shown (`expose`, as http-errors marks
 * its 4xx) and the accounts layer's refusals (Better Auth's, in our words, when a route calls it)
 * speak to the caller. Another service's 4xx (an SDK's "Invalid API Key provided.") does not:
 * its text names keys and ids, and its status would read as the caller's.
 */
function isMeantForTheCaller(error: FastifyError): boolean {
  return (
    error.code?.startsWith('FST_') ||
    (error as { expose?: boolean }).expose === true ||
    isAPIError(error)
  );
}

/**
 * A route that reads its session row in its own statement (requireSessionClaim) can refuse a
 * request before that statement runs, its input say: the session is settled first, so a caller
 * without one gets 401 as under requireUser.
 */
async function isUnsettledWithoutSession(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  if (!request.sessionClaim) return false;
  request.sessionClaim = null;
  const user = await request.server.sessions.readUser(request, reply);
  if (user) request.user = user;
  return !user;
}
