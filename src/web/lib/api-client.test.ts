import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  clientErrorMessages,
  isWorthRetrying,
  messageOf,
} from './api-client.ts';

const FALLBACK = 'Could not load the free times. Please try again.';

function answer(status: number, body: string | null, contentType: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers: { 'content-type': contentType } })),
  );
}

async function failureOf(request: Promise<unknown>): Promise<unknown> {
  return request.then(
    () => expect.fail('the request should have failed'),
    (error: unknown) => error,
  );
}

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("turns a proxy's HTML 502 into an ApiError with calm words, never a JSON parser's complaint", async () => {
    answer(502, '<html><body><h1>502 Bad Gateway</h1></body></html>', 'text/html');
    const error = await failureOf(apiRequest('/api/sessions/slots'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 502,
      code: 'unknown',
      message: clientErrorMessages.unexpectedAnswer,
    });
    expect(messageOf(error, FALLBACK)).toBe(FALLBACK);
    expect(isWorthRetrying(error)).toBe(true);
  });

  it('turns a dropped connection into an ApiError with calm words, never "Failed to fetch"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await failureOf(apiRequest('/api/sessions/slots'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 0,
      code: 'network',
      message: clientErrorMessages.network,
    });
    expect(messageOf(error, FALLBACK)).toBe(FALLBACK);
    expect(isWorthRetrying(error)).toBe(true);
  });

  it("keeps the server's code, words and fields for the contract's error body", async () => {
    const body = { error: { code: 'conflict', message: 'That time was just booked.', fields: {} } };
    answer(409, JSON.stringify(body), 'application/json');
    const error = await failureOf(apiRequest('/api/sessions', { body: {} }));
    expect(error).toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'That time was just booked.',
    });
    expect(messageOf(error, FALLBACK)).toBe('That time was just booked.');
    expect(isWorthRetrying(error)).toBe(false);
  });

  it('turns a 2xx answer that is not JSON into an ApiError too', async () => {
    answer(200, '<!doctype html><title>Course platform</title>', 'text/html');
    const error = await failureOf(apiRequest('/api/sessions'));
    expect(error).toMatchObject({ status: 200, code: 'unknown' });
  });

  it('reads an empty answer as null', async () => {
    answer(204, null, 'text/plain');
    await expect(apiRequest('/api/sessions/1', { method: 'DELETE' })).resolves.toBeNull();
  });

  it('leaves a cancelled request an AbortError: whoever cancelled it is not waiting for words', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('The operation was aborted.', 'AbortError');
      }),
    );
    const error = await failureOf(apiRequest('/api/sessions'));
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });
});
