import { createHash } from 'node:crypto';
import type { CatalogueResponse, CourseOutline } from '../../shared/api/catalogue.ts';
import { startAfterPaintScript } from '../../shared/start-after-paint.ts';
import type { RenderedPage } from '../../shared/rendered-page.ts';

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

/** Each published course's page, `/courses/{courseId}`, and its file name. */
export const coursePageUrl = (courseId: string) => `/courses/${courseId}`;
export const coursePageFile = (courseId: string) => `course-${courseId}.html`;

/** Every page that shows what is published, by path: its file name. */
export function publishedPages(courseIds: readonly string[]): Record<string, string> {
  return {
    ...Object.fromEntries(cataloguePages.map((url) => [url, prerenderedPages[url]!])),
    ...Object.fromEntries(courseIds.map((id) => [coursePageUrl(id), coursePageFile(id)])),
  };
}

/** What the public pages show of the programme: the catalogue and each course's outline. */
export interface PublishedData {
  catalogue: CatalogueResponse;
  courses: CourseOutline[];
}

/** Beside the rendered pages: a digest of the catalogue they show, to render only on a change. */
export const CATALOGUE_STAMP_FILE = 'catalogue.sha256';
export function catalogueStamp(published: PublishedData): string {
  return createHash('sha256').update(JSON.stringify(published)).digest('hex');
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

export function withPage(shell: string, page: RenderedPage): string {
  const emptyRoot = '<div id="root"></div>';
  if (!shell.includes(emptyRoot)) throw new Error(`The shell has no ${emptyRoot}.`);
  // Functions, so that no `$` in the page is read as a replacement pattern.
  let html = shell.replace(emptyRoot, () => page.body);
  if (page.title)
    html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${page.title}</title>`);
  if (page.head) html = html.replace('</head>', () => `${page.head}\n  </head>`);
  return html;
}
