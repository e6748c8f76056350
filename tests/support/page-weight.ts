import type { Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';

/** What a first visit to `/` may download (decision 013): JavaScript, gzipped. */
export const JS_BUDGET_BYTES = 100 * 1024;

export interface Download {
  url: string;
  type: 'script' | 'stylesheet';
  bytes: number;
  gzipBytes: number;
  /** What was downloaded, for a test that looks inside. */
  body: Buffer;
}

/**
 * Records every script and stylesheet `page` downloads from now on, each gzipped at level 9 as a
 * compressing proxy or CDN would serve it; the answer lists them, largest first, once called.
 */
export function recordDownloads(page: Page): () => Promise<Download[]> {
  const pending: Promise<Download>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then((body) => ({
        url: new URL(response.url()).pathname,
        type,
        bytes: body.length,
        gzipBytes: gzipSync(body, { level: 9 }).length,
        body,
      })),
    );
  });
  return async () => (await Promise.all(pending)).sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/**
 * Opens `url` until hydrated. A rendered page asks for its scripts only after its first paint,
 * which on a busy machine can come after the network has already been idle for a while: so this
 * waits for React to have taken the page over (its controls enabled), then for the network to
 * settle.
 */
export async function loadUntilHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => !document.querySelector('#root > fieldset[disabled]'));
  await page.waitForLoadState('networkidle');
}

/** zod names its types in strings that survive minifying. */
const ZOD_MARKER = '$ZodType';

/** The scripts among `files` that carry zod, the form checks' library (decision 044). */
export function scriptsWithZod(files: Download[]): string[] {
  return files
    .filter((file) => file.type === 'script' && file.body.includes(ZOD_MARKER))
    .map((file) => file.url);
}
