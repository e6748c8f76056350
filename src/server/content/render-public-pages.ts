import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CatalogueResponse } from '../../shared/api/catalogue.ts';
import { toCatalogueResponse, type Catalogue } from '../catalogue/catalogue.ts';
import {
  CATALOGUE_STAMP_FILE,
  catalogueStamp,
  cataloguePages,
  PRERENDERED_DIR,
  prerenderedPages,
  RENDER_BUNDLE_DIR,
  RENDER_SHELL_FILE,
  withPage,
} from '../http/prerendered-pages.ts';

/** What the build's server bundle of src/web/prerender.tsx offers. */
interface PageRenderer {
  renderPage: (
    url: string,
    data: { catalogue: CatalogueResponse; legalPages: Record<string, string> },
  ) => Promise<string>;
}

interface RenderLog {
  warn: (object: object, message: string) => void;
}

/**
 * Renders the catalogue's public pages (/, /courses, /shop) again with the programme now
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
    const data = { catalogue: toCatalogueResponse(catalogue), legalPages: {} };
    const stamp = catalogueStamp(data.catalogue);
    const stampFile = path.join(outDir, CATALOGUE_STAMP_FILE);
    if ((await readFile(stampFile, 'utf8').catch(() => '')) === stamp) return;
    const { renderPage } = (await import(pathToFileURL(bundle).href)) as PageRenderer;
    const shell = await readFile(path.join(bundleDir, RENDER_SHELL_FILE), 'utf8');
    for (const url of cataloguePages) {
      await writeWhole(path.join(outDir, prerenderedPages[url]!), withPage(shell, await renderPage(url, data)));
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
