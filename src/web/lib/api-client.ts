import { isApiErrorBody, type ApiErrorCode } from '../../shared/api/errors.ts';

/**
 * Every failed request, whatever went wrong: an answer outside 2xx (with the contract's message
 * when the server gave one), an answer that was not ours, or no answer at all (status 0).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code: ApiErrorCode,
    readonly fields?: Record<string, string>,
    /** With `version_conflict`: what the server holds instead (its contract says the shape). */
    readonly current?: unknown,
  ) {
    super(message);
  }
}

/** The client's own words, for the failures no server worded. */
export const clientErrorMessages = {
  network: 'We could not reach the server. Please check your connection and try again.',
  unexpectedAnswer: 'The server did not answer as expected. Please try again in a moment.',
} as const;

/** The codes that carry no reason of the server's own: the screen words these itself. */
const wordlessCodes: ReadonlySet<ApiErrorCode> = new Set(['network', 'unknown', 'internal']);

/**
 * Whether asking again may help: the network or the server failed. A refusal with a reason (4xx)
 * will be refused again, so it is shown once, without "Please try again".
 */
export function isWorthRetrying(error: unknown): boolean {
  return !(error instanceof ApiError) || error.code === 'network' || error.status >= 500;
}

/**
 * What to tell the person about a failed request: the contract's own words when the server gave
 * a reason (a refusal with a code, or a service saying it is unavailable), otherwise the spec's
 * fallback for this action (the network failed, the server broke, or the answer was not ours).
 */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && !wordlessCodes.has(error.code) ? error.message : fallback;
}

/** The first field the server found fault with, in its own words (bad input only). */
export function fieldErrorOf(error: unknown): string | undefined {
  return error instanceof ApiError ? Object.values(error.fields ?? {})[0] : undefined;
}

/** Whether the server refused the request as asked (bad input, a conflict): a reason to show. */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 400 || error.status === 409);
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a file (a `Blob`) is sent as its bytes. */
  body?: unknown;
  signal?: AbortSignal;
  /** Lets the request outlive the page (a last save as the tab closes). */
  keepalive?: boolean;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal, keepalive } = options;
  const response = await fetchOrApiError(path, {
    method,
    signal,
    keepalive,
    credentials: 'same-origin',
    ...requestBody(body),
  });
  if (!response.ok) throw await errorOf(response);
  const text = await readOrApiError(response);
  if (!text) return null as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(response.status, clientErrorMessages.unexpectedAnswer, 'unknown');
  }
}

function requestBody(body: unknown): Pick<RequestInit, 'headers' | 'body'> {
  if (body === undefined) return {};
  if (body instanceof Blob) {
    return { headers: { 'content-type': 'application/octet-stream' }, body };
  }
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/** `fetch`, with no answer at all (offline, a dropped connection) as an `ApiError`. */
export async function fetchOrApiError(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch (error) {
    throw asNetworkError(error);
  }
}

/** The `ApiError` for an answer outside 2xx: the server's own when it sent one, else calm words. */
export async function errorOf(response: Response): Promise<ApiError> {
  const data = parseJson(await readOrApiError(response));
  return isApiErrorBody(data)
    ? new ApiError(
        response.status,
        data.error.message,
        data.error.code,
        data.error.fields,
        data.error.current,
      )
    : new ApiError(response.status, clientErrorMessages.unexpectedAnswer, 'unknown');
}

async function readOrApiError(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    throw asNetworkError(error);
  }
}

/** A cancelled request stays an `AbortError`: whoever cancelled it is not waiting for words. */
function asNetworkError(error: unknown): unknown {
  if ((error as { name?: unknown } | null)?.name === 'AbortError') return error;
  return new ApiError(0, clientErrorMessages.network, 'network');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A file the API answers (a CSV export, say), for the page to save. */
export async function apiDownload(path: string): Promise<Blob> {
  const response = await fetchOrApiError(path, { credentials: 'same-origin' });
  if (!response.ok) throw await errorOf(response);
  return response.blob();
}
