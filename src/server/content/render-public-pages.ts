import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { toPublishedData, type Catalogue } from '../catalogue/catalogue.ts';
import {
  CATALOGUE_STAMP_FILE,
  type CataloguePagesPlace,
  catalogueStamp,
  PRERENDERED_DIR,
  publishedPages,
  RENDER_BUNDLE_DIR,
  RENDER_SHELL_FILE,
  withPage,
  type PublishedData,
} from '../http/prerendered-pages.ts';
import type { Contact } from '../../shared/api/marketing.ts';
import type { RenderedPage } from '../../shared/rendered-page.ts';

/** What the build's server bundle of src/web/prerender.tsx offers. */
interface PageRenderer {
  renderPage: (
    url: string,
    data: PublishedData & { legalPages: Record<string, string>; siteUrl: string; contact: Contact },
  ) => Promise<RenderedPage>;
}

interface RenderLog {
  warn: (object: object, message: string) => void;
}

/** Inside DATA_DIR: the catalogue's pages rendered by the running app, never into the build. */
export const RENDERED_PAGES_DIR = 'public-pages';

/**
 * Renders the public pages that show what is published (/, /courses, /shop, each
 * /courses/{courseId}) again with the programme now published, with the build's own server bundle
 * and shell (the pages stay what the build makes, so their budgets hold), into DATA_DIR: the build
 * folder may be read-only, or shared by two installations. Only when the published data differs
 * from the build's and from what DATA_DIR holds for this build (digests beside them), so a start
 * renders at most once. Without a build (API tests, `npm run dev`) there is no renderer.
 */
export function publicPageRenderer(
  config: { webDir: string; dataDir: string; appUrl: string } & RenderedContact,
  place: CataloguePagesPlace,
  log: RenderLog,
) {
  const { webDir, dataDir, appUrl } = config;
  const contact: Contact = {
    contactEmail: config.contactEmail ?? null,
    socialProfiles: config.socialProfiles,
  };
  const bundleDir = path.join(webDir, '..', RENDER_BUNDLE_DIR);
  const bundle = path.join(bundleDir, 'prerender.js');
  const buildPages = path.join(webDir, PRERENDERED_DIR);
  if (!existsSync(bundle) || !existsSync(buildPages)) return undefined;
  let rendering = Promise.resolve();
  const outDir = path.join(dataDir, RENDERED_PAGES_DIR);
  const render = async (catalogue: Catalogue) => {
    const published = toPublishedData(catalogue);
    const data = { ...published, legalPages: {}, siteUrl: appUrl, contact };
    const stamp = catalogueStamp(published);
    // The build renders no contact: with one configured, the pages are rendered here.
    if ((await readStamp(buildPages)) === stamp && !hasContact(contact)) {
      place.root = buildPages;
      return;
    }
    const shell = await readFile(path.join(bundleDir, RENDER_SHELL_FILE), 'utf8');
    // Pages of another build name other assets, of another address other pictures, and another
    // contact shows other words: all are part of the digest.
    const served = `${shell}\n${appUrl}\n${JSON.stringify(contact)}`;
    const wanted = `${stamp} ${createHash('sha256').update(served).digest('hex')}`;
    if ((await readStamp(outDir)) !== wanted) {
      const { renderPage } = (await import(pathToFileURL(bundle).href)) as PageRenderer;
      await mkdir(outDir, { recursive: true });
      const pages = publishedPages(catalogue.courses.map((course) => course.id));
      for (const [url, file] of Object.entries(pages)) {
        await writeWhole(path.join(outDir, file), withPage(shell, await renderPage(url, data)));
      }
      await writeWhole(path.join(outDir, CATALOGUE_STAMP_FILE), wanted);
    }
    place.root = outDir;
  };
  // One rendering at a time, in the order the publishes came.
  return (catalogue: Catalogue) => {
    rendering = rendering
      .then(() => render(catalogue))
      .catch((error: unknown) => log.warn({ err: error }, 'could not render the public pages'));
    return rendering;
  };
}

/** What the operator configured for the public pages to show (CONTACT_EMAIL, the profiles). */
interface RenderedContact {
  contactEmail?: string;
  socialProfiles: Contact['socialProfiles'];
}

const hasContact = (contact: Contact) =>
  contact.contactEmail !== null || contact.socialProfiles.length > 0;

function readStamp(dir: string): Promise<string> {
  return readFile(path.join(dir, CATALOGUE_STAMP_FILE), 'utf8').catch(() => '');
}

/** Written aside, then renamed: a reader gets the old file or the new one, never half of one. */
async function writeWhole(file: string, text: string): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, text);
  await rename(partial, file);
}
