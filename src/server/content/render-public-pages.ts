import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { toPublishedData, type Catalogue } from '../catalogue/catalogue.ts';
import {
  CATALOGUE_STAMP_FILE,
  catalogueStamp,
  PRERENDERED_DIR,
  publishedPages,
  RENDER_BUNDLE_DIR,
  RENDER_SHELL_FILE,
  withPage,
  type PublishedData,
} from '../http/prerendered-pages.ts';
import type { RenderedPage } from '../../shared/rendered-page.ts';

/** What the build's server bundle of src/web/prerender.tsx offers. */
interface PageRenderer {
  renderPage: (
    url: string,
    data: PublishedData & { legalPages: Record<string, string> },
  ) => Promise<RenderedPage>;
}

interface RenderLog {
  warn: (object: object, message: string) => void;
}

/**
 * Renders the catalogue's public pages (/, /courses, /shop, each /courses/{courseId}) again with the programme now
 * published, over the build's files, with the build's own server bundle: the pages stay what the
 * build makes, so their budgets hold. Only when the catalogue they show changed (its digest
 * beside them), so a start after a build renders once. Without a build (API tests, `npm run
 * dev`) there is no renderer.
 */
export function publicPageRenderer(webDir: string, log: RenderLog) {
  const bundleDir = path.join(webDir, '..', RENDER_BUNDLE_DIR);
  const bundle = path.join(bundleDir, 'prerender.js');
  if (!existsSync(bundle) || !existsSync(path.join(webDir, PRERENDERED_DIR))) return undefined;
  let rendering = Promise.resolve();
  const outDir = path.join(webDir, PRERENDERED_DIR);
  const render = async (catalogue: Catalogue) => {
    const published = toPublishedData(catalogue);
    const data = { ...published, legalPages: {} };
    const stamp = catalogueStamp(published);
    const stampFile = path.join(outDir, CATALOGUE_STAMP_FILE);
    if ((await readFile(stampFile, 'utf8').catch(() => '')) === stamp) return;
    const { renderPage } = (await import(pathToFileURL(bundle).href)) as PageRenderer;
    const shell = await readFile(path.join(bundleDir, RENDER_SHELL_FILE), 'utf8');
    const pages = publishedPages(catalogue.courses.map((course) => course.id));
    for (const [url, file] of Object.entries(pages)) {
      await writeWhole(path.join(outDir, file), withPage(shell, await renderPage(url, data)));
    }
    await writeWhole(stampFile, stamp);
  };
  // One rendering at a time, in the order the publishes came.
  return (catalogue: Catalogue) => {
    rendering = rendering
      .then(() => render(catalogue))
      .catch((error: unknown) => log.warn({ err: error }, 'could not render the public pages'));
    return rendering;
  };
}

/** Written aside, then renamed: a reader gets the old file or the new one, never half of one. */
async function writeWhole(file: string, text: string): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, text);
  await rename(partial, file);
}
