import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings } from '../../src/shared/api/settings.ts';
import { FRAGMENT_MESSAGE } from '../../src/server/http/refuse-url-fragments.ts';
import { buildTestApp, type TestApp } from '../../src/server/testing/build-test-app.ts';
import { sendRawRequest } from '../../src/server/testing/raw-request.ts';
import {
  createAdmin,
  createEnrolledLearner,
  nextClientAddress,
  type TestUser,
} from '../../src/server/testing/users.ts';
import { listApiRoutes } from './route-list.ts';

/**
 * T4-M3 and T4-L3: Fastify's router reads `/api/dashboard#.js` as `/api/dashboard`, so a check
 * reading the raw target saw a file. Every route, in maintenance and out: a fragment is refused
 * at the edge, and a query that looks like a file changes nothing.
 */
let testApp: TestApp;
let learner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  testApp = await buildTestApp();
  learner = await createEnrolledLearner(testApp.app, testApp.db);
  admin = await createAdmin(testApp.app, testApp.db);
});
afterAll(() => testApp.close());

async function setMaintenance(isOn: boolean) {
  const read = await testApp.app.inject({
    url: '/api/admin/settings',
    headers: { cookie: admin.cookie },
  });
  const { version, maxUsers, features } = read.json<AdminSettings>();
  const saved = await testApp.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: { cookie: admin.cookie },
    payload: { maintenanceMode: isOn, maxUsers, features, version },
  });
  expect(saved.statusCode).toBe(200);
}

/** Reads as the learner; writes as a visitor with an empty body, so nothing is changed. */
function callerOf(method: string): Record<string, string> {
  return method === 'GET' ? { cookie: learner.cookie } : {};
}

function routesToWalk() {
  const pages = testApp.app.routeTable
    .filter((route) => !route.url.startsWith('/api/'))
    .map((route) => ({ method: 'GET', url: route.url }));
  return [...listApiRoutes(testApp.app), ...pages].map(({ method, url }) => ({
    method,
    // A made-up id: the route still matches, and the answer (often 404) is what is compared.
    url: url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000').replace('*', 'x'),
  }));
}

async function answerOf(method: string, url: string) {
  const response = await testApp.app.inject({
    method: method as 'GET',
    url,
    remoteAddress: nextClientAddress(),
    headers: callerOf(method),
    ...(method === 'GET' ? {} : { payload: {} }),
  });
  return response.statusCode;
}

describe.each([false, true])('every route, maintenance %s', (isMaintenance) => {
  it('answers a file-like query as without it, and refuses a fragment with 400', async () => {
    await setMaintenance(isMaintenance);
    const routes = routesToWalk();
    expect(routes.length).toBeGreaterThan(100);
    let open = 0;
    for (const { method, url } of routes) {
      for (const fragment of ['#.js', '#x']) {
        const refused = await sendRawRequest(testApp.app, {
          method,
          target: `${url}${fragment}`,
          headers: callerOf(method),
          ...(method === 'GET' ? {} : { body: {} }),
        });
        expect(refused.statusCode, `${method} ${url}${fragment}`).toBe(400);
        expect(JSON.parse(refused.body).error.message).toBe(FRAGMENT_MESSAGE);
      }
      const plain = await answerOf(method, url);
      expect(await answerOf(method, `${url}?x=.js`), `${method} ${url}?x=.js`).toBe(plain);
      if (plain !== 503) open += 1;
    }
    if (isMaintenance) {
      // Only the health probes, metrics, the public settings, Stripe's webhook and signing in stay open.
      const learnerRoutes = routes.filter(
        ({ method, url }) => method === 'GET' && url.startsWith('/api/') && !isOpenRoute(url),
      );
      for (const { method, url } of learnerRoutes) {
        expect(await answerOf(method, url), `${method} ${url}`).toBe(503);
      }
    }
    expect(open).toBeGreaterThan(0);
  });
});

function isOpenRoute(url: string) {
  return (
    [
      '/api/health',
      '/api/health/live',
      '/api/health/ready',
      // The operator's monitoring goes on while the site rests (its token still guards it).
      '/api/metrics',
      '/api/settings',
      '/api/stripe/webhook',
    ].includes(url) || url.startsWith('/api/auth/')
  );
}

describe('a fragment during maintenance (T4-M3 reproduction)', () => {
  it('reaches neither the dashboard nor the export', async () => {
    await setMaintenance(true);
    for (const target of [
      '/api/dashboard#.js',
      '/api/account/export#.json',
      '/api/me/access#x.css',
    ]) {
      const answer = await sendRawRequest(testApp.app, {
        target,
        headers: { cookie: learner.cookie },
      });
      expect(answer.statusCode, target).toBe(400);
    }
    const newsletter = await sendRawRequest(testApp.app, {
      method: 'POST',
      target: '/api/newsletter#.js',
      body: { email: 'fragment@example.com' },
    });
    expect(newsletter.statusCode).toBe(400);
    expect(await answerOf('GET', '/api/dashboard?x=.js')).toBe(503);
    await setMaintenance(false);
  });
});
