/**
 * The signed-in pages for `npm run bench:web` (decision 044): a learner made through the API and
 * given a course in payment test mode, their session cookie, and two measures of a page opened
 * with it: Lighthouse's mobile score, and the number of round trips the page waits for, one
 * after the other, before its largest paint.
 */
import type { Browser } from '@playwright/test';
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import type { CatalogueResponse, CourseOutline } from '../src/shared/api/catalogue.ts';
import type { CheckoutSessionResponse } from '../src/shared/api/payments.ts';
import { lessonPath, paths } from '../src/web/lib/paths.ts';
import type { SmtpInbox } from '../src/server/testing/smtp-inbox.ts';

const run = promisify(execFile);

export interface Learner {
  /** The Cookie header of their session. */
  cookie: string;
  /** The pages to measure: the dashboard and the first lesson of the course they bought. */
  pages: string[];
}

/** Registers a learner, opens the link mailed to them, and buys the first course in test mode. */
export async function signedInLearner(baseUrl: string, inbox: SmtpInbox): Promise<Learner> {
  const email = `bench-${Date.now()}@example.com`;
  await call(baseUrl, '/api/auth/sign-up/email', {
    body: { firstName: 'Maya', lastName: 'Stone', email, password: 'Sovereign1' },
  });
  const link = await confirmationLink(inbox, email);
  const confirmed = await fetch(link, { redirect: 'manual' });
  const cookie = confirmed.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('the confirmation link signed no one in');

  const { courses } = await call<CatalogueResponse>(baseUrl, '/api/catalogue');
  const course = await call<CourseOutline>(baseUrl, `/api/courses/${courses[0]!.id}`);
  const checkout = await call<CheckoutSessionResponse>(baseUrl, '/api/create-checkout-session', {
    cookie,
    body: { lineItems: [{ price: course.id }] },
  });
  await call(baseUrl, `/api/checkout/test-sessions/${checkout.id}/pay`, { cookie, body: {} });
  const module = course.modules[0]!;
  const lesson = lessonPath({
    courseId: course.id,
    moduleId: module.id,
    lessonId: module.lessons[0]!.id,
  });
  return { cookie, pages: [paths.dashboard, lesson] };
}

async function call<T = unknown>(
  baseUrl: string,
  path: string,
  { cookie, body }: { cookie?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    // Better Auth asks a browser's writes where they come from.
    headers: {
      origin: baseUrl,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function confirmationLink(inbox: SmtpInbox, email: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const mail = inbox.received.find((received) => received.to.includes(email));
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no confirmation mail reached ${email}`);
}

export interface LighthouseRun {
  score: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  /** The machine's one-minute load average as the run began: the machine is shared. */
  loadAverage: number;
  /**
   * Lighthouse's measure of the host's CPU. Its 4x CPU slowdown is meant for a host of 1,500 to
   * 2,000 (docs/throttling.md in Lighthouse): on a slower host the same page scores lower.
   */
  benchmarkIndex: number;
}

/**
 * One Lighthouse run of `url` (its default: a phone on a slow 4G network, CPU 4x slower). On a
 * busy machine Lighthouse at times fails to record the page's trace: such a run is made again.
 */
export async function lighthouse(
  url: string,
  cookie?: string,
  attempts = 3,
): Promise<LighthouseRun> {
  try {
    return await lighthouseOnce(url, cookie);
  } catch (error) {
    if (attempts <= 1) throw error;
    return lighthouse(url, cookie, attempts - 1);
  }
}

async function lighthouseOnce(url: string, cookie?: string): Promise<LighthouseRun> {
  const loadAverage = loadavg()[0]!;
  const { stdout } = await run(
    'npx',
    [
      '--yes',
      'lighthouse@13',
      url,
      '--only-categories=performance',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox',
      ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const report = JSON.parse(stdout) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue: number }>;
    environment: { benchmarkIndex: number };
  };
  return {
    score: Math.round(report.categories.performance.score * 100),
    largestContentfulPaintMs: report.audits['largest-contentful-paint']!.numericValue,
    totalBlockingTimeMs: report.audits['total-blocking-time']!.numericValue,
    loadAverage,
    benchmarkIndex: Math.round(report.environment.benchmarkIndex),
  };
}

/**
 * How many round trips `url` waits for one after the other before its largest paint: the
 * longest chain of requests each sent after the one before it was answered, counting those
 * answered before that paint (the page itself is the first). It follows from what the page asks
 * for and when, not from how busy the machine is: each request takes 150 ms more, as on a phone.
 */
export async function waterfallDepth(
  browser: Browser,
  url: string,
  cookie?: string,
): Promise<number> {
  const context = await browser.newContext({ extraHTTPHeaders: cookie ? { cookie } : {} });
  const page = await context.newPage();
  // A phone's latency on every request, so that a round trip outweighs any wait for the CPU of
  // the shared machine, and the requests' order shows what waits for what.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const requests: { start: number; end: number }[] = [];
  page.on('requestfinished', (request) => {
    const timing = request.timing();
    requests.push({ start: timing.startTime, end: timing.startTime + timing.responseEnd });
  });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  const paintedAt = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) =>
          resolve(performance.timeOrigin + list.getEntries().at(-1)!.startTime),
        ).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  const beforePaint = requests
    .filter((request) => request.end <= paintedAt)
    .sort((a, b) => a.start - b.start);
  const depths = beforePaint.map(() => 1);
  for (const [later, request] of beforePaint.entries()) {
    for (const [earlier, before] of beforePaint.slice(0, later).entries()) {
      if (before.end <= request.start)
        depths[later] = Math.max(depths[later]!, depths[earlier]! + 1);
    }
  }
  return Math.max(0, ...depths);
}
