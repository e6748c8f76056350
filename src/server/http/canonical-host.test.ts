import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';

const APP_URL = 'https://courses.example.com';
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ APP_URL, TRUST_PROXY: '1' });
});
afterAll(() => testApp.close());

const open = (
  url: string,
  headers: Record<string, string>,
  method: 'GET' | 'HEAD' | 'POST' = 'GET',
) => testApp.app.inject({ method, url, headers });

describe('a page opened at another address than APP_URL', () => {
  it.each(['127.0.0.1:3000', '192.0.2.2:3000', 'sovereign.local', ''])(
    'moves to APP_URL with its path and query (Host %o)',
    async (host) => {
      const response = await open('/buy-now?course=energy-sovereignty', { host });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`${APP_URL}/buy-now?course=energy-sovereignty`);
    },
  );

  it('stays where it is at APP_URL, whatever the case or a spelled-out default port', async () => {
    for (const host of ['courses.example.com', 'Courses.Example.com:443']) {
      expect((await open('/no-such-page', { host })).statusCode).not.toBe(302);
    }
  });

  it('is never sent to an address the request names', async () => {
    const forwarded = await open('/', { host: '127.0.0.1', 'x-forwarded-host': 'evil.example' });
    expect(forwarded.headers.location).toBe(`${APP_URL}/`);
    const doubled = await open('//evil.example/login', { host: '127.0.0.1' });
    expect(doubled.headers.location).toBe(`${APP_URL}//evil.example/login`);
    expect(new URL(doubled.headers.location as string).host).toBe('courses.example.com');
  });

  it('moves on HEAD too, but never a write', async () => {
    expect((await open('/login', { host: '127.0.0.1' }, 'HEAD')).statusCode).toBe(302);
    expect((await open('/login', { host: '127.0.0.1' }, 'POST')).statusCode).not.toBe(302);
  });

  it('leaves the API, and the health probe, answering at any address', async () => {
    const health = await open('/api/health', { host: '10.0.0.7:3000' });
    expect(health.statusCode).toBe(200);
    expect((await open('/api/contact', { host: '127.0.0.1' })).statusCode).toBe(200);
  });
});
