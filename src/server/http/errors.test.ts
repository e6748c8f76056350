import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, registerErrorHandling } from './errors.ts';

const app = Fastify({ logger: false });
beforeAll(async () => {
  registerErrorHandling(app);
  app.get('/ours', async () => {
    throw new AppError('forbidden', 'Not yours.');
  });
  app.get('/another-service', async () => {
    // What an SDK throws for a 4xx of its service: its own status and words.
    throw Object.assign(new Error('Invalid API Key provided: sk_live_****1234'), {
      statusCode: 401,
    });
  });
  app.post('/json', async () => ({ ok: true }));
  await app.ready();
});
afterAll(() => app.close());

describe('the error answers', () => {
  it('carry our own refusals and Fastify’s as they are', async () => {
    const ours = await app.inject({ method: 'GET', url: '/ours' });
    expect(ours.statusCode).toBe(403);
    expect(ours.json().error.message).toBe('Not yours.');
    const unsupported = await app.inject({
      method: 'POST',
      url: '/json',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(unsupported.statusCode).toBe(415);
  });

  it('never pass on another service’s status or words', async () => {
    const response = await app.inject({ method: 'GET', url: '/another-service' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('API Key');
    expect(response.json().error.code).toBe('internal');
  });
});
