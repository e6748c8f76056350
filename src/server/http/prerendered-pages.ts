import { createHash } from 'node:crypto';
import type { CatalogueResponse } from '../../shared/api/catalogue.ts';
import { startAfterPaintScript } from '../../shared/start-after-paint.ts';

/** The public pages rendered at build time (scripts/prerender.ts), by path: their file names. */
export const prerenderedPages: Record<string, string> = {
  '/': 'home.html',
  '/courses': 'courses.html',
  '/shop': 'shop.html',
  '/login': 'login.html',
  '/register': 'register.html',
  '/terms': 'terms.html',
  '/privacy': 'privacy.html',
};

export const PRERENDERED_DIR = 'prerendered';

/** Beside dist/web: the pages' server build (prerender.js) and the shell they are put in. */
export const RENDER_BUNDLE_DIR = 'prerender';
export const RENDER_SHELL_FILE = 'shell.html';

/** Where the catalogue's pages are read from now: the build's, or those rendered since. */
export interface CataloguePagesPlace {
  root: string;
}

/** The pages that show the catalogue: rendered again whenever what they show is published. */
export const cataloguePages = ['/', '/courses', '/shop'] as const;

/** Beside the rendered pages: a digest of the catalogue they show, to render only on a change. */
export const CATALOGUE_STAMP_FILE = 'catalogue.sha256';
export function catalogueStamp(catalogue: CatalogueResponse): string {
  return createHash('sha256').update(JSON.stringify(catalogue)).digest('hex');
}

/**
 * A rendered page reads before its scripts run, so they wait for its first paint: the shell's
 * module script and preloads become one inline script that asks for them then.
 */
export function withAppStartedAfterPaint(shell: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
  const preload = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
  const entryUrl = entry.exec(shell)?.[1];
  if (!entryUrl) throw new Error('The shell has no module script.');
  const modules = [entryUrl, ...Array.from(shell.matchAll(preload), (match) => match[1])];
  const starter = `<script data-modules="${modules.join(' ')}">${startAfterPaintScript}</script>`;
  return shell
    .replace(entry, '')
    .replaceAll(preload, '')
    .replace('</body>', () => `${starter}\n  </body>`);
}

export function withPage(shell: string, page: string): string {
  const emptyRoot = '<div id="root"></div>';
  if (!shell.includes(emptyRoot)) throw new Error(`The shell has no ${emptyRoot}.`);
  // A function, so that no `$` in the page is read as a replacement pattern.
  return shell.replace(emptyRoot, () => page);
}
