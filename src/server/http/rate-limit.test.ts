import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterRateLimit } from '../marketing/newsletter.routes.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { clientKey } from './rate-limit.ts';

describe('the client an address stands for', () => {
  it.each([
    ['2001:db8:1:1::1', '2001:db8:1:1::/64'],
    ['2001:0DB8:0001:0001:ffff:0:0:c', '2001:db8:1:1::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['203.0.113.9', '203.0.113.9'],
  ])('%s is %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});

describe('the per-address limits', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  it('count every address of one IPv6 /64 as one client, and another /64 apart', async () => {
    const subscribe = (remoteAddress: string, index: number) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/newsletter',
        payload: { email: `six-${index}@example.com` },
        remoteAddress,
      });
    const statuses: number[] = [];
    for (let index = 1; index <= newsletterRateLimit.max + 1; index++) {
      statuses.push((await subscribe(`2001:db8:1:1::${index.toString(16)}`, index)).statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status < 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await subscribe('2001:db8:1:2::1', 99)).statusCode).toBeLessThan(400);
  });
});
