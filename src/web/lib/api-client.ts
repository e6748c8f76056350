import { isApiErrorBody } from '../../shared/api/errors.ts';

/** An API answer outside 2xx, carrying the contract's message. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * Whether asking again may help: the network or the server failed. A refusal with a reason (4xx)
 * will be refused again, so it is shown once, without "Please try again".
 */
export function isWorthRetrying(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500;
}

/**
 * What to tell the person about a failed request: the contract's own words when the server gave
 * a reason (a refusal with a code, or a service saying it is unavailable), otherwise the spec's
 * fallback for this action (the network failed, the server broke, or the answer was not ours).
 */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code !== 'unknown' && error.code !== 'internal'
    ? error.message
    : fallback;
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
  body?: unknown;
  signal?: AbortSignal;
  /** Lets the request outlive the page (a last save as the tab closes). */
  keepalive?: boolean;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal, keepalive } = options;
  const response = await fetch(path, {
    method,
    signal,
    keepalive,
    credentials: 'same-origin',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) throw errorOf(response, data);
  return data as T;
}

/** A file the API answers (a CSV export, say), for the page to save. */
export async function apiDownload(path: string): Promise<Blob> {
  const response = await fetch(path, { credentials: 'same-origin' });
  if (response.ok) return response.blob();
  const text = await response.text();
  throw errorOf(response, text.startsWith('{') ? (JSON.parse(text) as unknown) : null);
}

function errorOf(response: Response, data: unknown): ApiError {
  if (isApiErrorBody(data)) {
    return new ApiError(response.status, data.error.message, data.error.code, data.error.fields);
  }
  return new ApiError(response.status, response.statusText || 'Request failed', 'unknown');
}
