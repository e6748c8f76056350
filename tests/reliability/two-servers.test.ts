import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newsletterRateLimit } from '../../src/server/marketing/newsletter.routes.ts';
import {
  startFakeStripeServer,
  type FakeStripe,
} from '../../src/server/testing/fake-stripe-server.ts';
import {
  createInstallation,
  nextAddress,
  registerLearner,
  type Installation,
  type ServerProcess,
} from './servers.ts';

/** Two app processes on one PostgreSQL, as behind a load balancer. */
let fakeStripe: FakeStripe;
let installation: Installation;
let first: ServerProcess;
let second: ServerProcess;

beforeAll(async () => {
  fakeStripe = await startFakeStripeServer();
  installation = await createInstallation(fakeStripe.environment);
  [first, second] = await Promise.all([installation.start(), installation.start()]);
});
afterAll(async () => {
  await installation.close();
  await fakeStripe.close();
});

describe('two server processes on one PostgreSQL', () => {
  it('share sessions: signed in on one, known on the other, signed out on both', async () => {
    const learner = await registerLearner(installation, first);
    const sessionOn = async (server: ServerProcess) => {
      const response = await fetch(`${server.url}/api/session`, {
        headers: { cookie: learner.cookie },
      });
      return ((await response.json()) as { user: { email: string } | null }).user?.email ?? null;
    };
    expect(await sessionOn(second)).toBe(learner.email);
    const signOut = await fetch(`${second.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: { cookie: learner.cookie, 'content-type': 'application/json', origin: second.url },
      body: '{}',
    });
    expect(signOut.status).toBe(200);
    expect(await sessionOn(first)).toBeNull();
  });

  it('share rate limits: the requests of one address count on both', async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= newsletterRateLimit.max; attempt++) {
      const server = attempt % 2 === 0 ? first : second;
      const response = await fetch(`${server.url}/api/newsletter`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': address,
          origin: server.url,
        },
        body: JSON.stringify({ email: `reader-${attempt}@example.com` }),
      });
      statuses.push(response.status);
    }
    console.info(`rate limit across two processes: ${JSON.stringify(statuses)}`);
    expect(statuses.slice(0, newsletterRateLimit.max).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('grant once when the same webhook arrives 20 times at once, split across both', async () => {
    const buyer = await registerLearner(installation, first);
    const started = await fetch(`${first.url}/api/create-checkout-session`, {
      method: 'POST',
      headers: { cookie: buyer.cookie, 'content-type': 'application/json', origin: first.url },
      body: JSON.stringify({ lineItems: [{ price: 'complete-bundle', quantity: 1 }] }),
    });
    expect(started.status).toBe(200);
    const { id } = (await started.json()) as { id: string };
    const session = fakeStripe.completeCheckout(id);
    const event = fakeStripe.signedEvent('checkout.session.completed', session);

    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        fetch(`${(index % 2 === 0 ? first : second).url}/api/stripe/webhook`, {
          method: 'POST',
          headers: event.headers,
          body: event.payload,
        }).then((response) => response.status),
      ),
    );
    console.info(`20 duplicate webhooks across two processes: ${JSON.stringify(statuses)}`);
    expect(statuses.every((status) => status === 200)).toBe(true);

    const grants = await installation.query<{ course_id: string }>(
      `select course_id from access_events where user_id = $1 and action = 'grant' order by course_id`,
      [buyer.id],
    );
    expect(grants.map((grant) => grant.course_id)).toEqual([
      'energy-sovereignty',
      'sovereign-flame',
    ]);
    const receipts = () =>
      installation.query(`select 1 from mail_outbox where "to" = $1 and subject like '%receipt'`, [
        buyer.email,
      ]);
    await vi.waitFor(async () => expect(await receipts()).toHaveLength(1), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await receipts()).toHaveLength(1);
  });

  it('serve a publish made on one on the other within seconds, without a restart', async () => {
    const admin = await registerLearner(installation, first);
    // An admin as the app requires one: the role, and two-factor sign-in on.
    await installation.query('update users set two_factor_enabled = true where id = $1', [
      admin.id,
    ]);
    await installation.query(
      `insert into profiles (id, role) values ($1, 'admin')
       on conflict (id) do update set role = 'admin'`,
      [admin.id],
    );
    const url = `${first.url}/api/admin/content/courses/sovereign-flame`;
    const headers = { cookie: admin.cookie, 'content-type': 'application/json', origin: first.url };
    const { draft, version } = (await (await fetch(url, { headers })).json()) as {
      draft: { title: string };
      version: number;
    };
    const saved = await fetch(url, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ version, draft: { ...draft, title: 'The Sovereign Flame, Renewed' } }),
    });
    expect(saved.status).toBe(200);
    const published = await fetch(`${url}/publish`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ version: version + 1 }),
    });
    expect(published.status).toBe(200);
    const titleOn = async (server: ServerProcess) => {
      const response = await fetch(`${server.url}/api/courses/sovereign-flame`);
      return ((await response.json()) as { title: string }).title;
    };
    expect(await titleOn(first)).toBe('The Sovereign Flame, Renewed');
    await vi.waitFor(
      async () => expect(await titleOn(second)).toBe('The Sovereign Flame, Renewed'),
      {
        timeout: 5_000,
      },
    );
  });
});
