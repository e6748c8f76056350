/**
 * Renders the public pages to HTML after `vite build`: builds src/web/prerender.tsx for Node,
 * renders each page with the catalogue and legal texts from content/, and writes them beside the
 * app's shell as dist/web/prerendered/<page>.html. The server sends them (static-web.ts); the
 * browser paints their text before any script runs, then React hydrates them. The server build
 * stays in dist/prerender, for the server to render the catalogue's pages again on a publish.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { loadCatalogue } from '../src/server/catalogue/load-catalogue.ts';
import { toPublishedData } from '../src/server/catalogue/catalogue.ts';
import { readLegalPages } from '../src/server/marketing/read-legal-pages.ts';
import {
  CATALOGUE_STAMP_FILE,
  catalogueStamp,
  PRERENDERED_DIR,
  prerenderedPages,
  publishedPages,
  RENDER_BUNDLE_DIR,
  RENDER_SHELL_FILE,
  withAppStartedAfterPaint,
  withPage,
} from '../src/server/http/prerendered-pages.ts';
import type * as Prerender from '../src/web/prerender.tsx';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'dist/web');
const serverBuildDir = path.join(root, 'dist', RENDER_BUNDLE_DIR);
const contentDir = path.join(root, 'content');

async function main() {
  // React's server renderer and its JSX runtime must both be the production builds.
  process.env.NODE_ENV = 'production';
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: path.join(root, 'src/web/prerender.tsx'),
      outDir: serverBuildDir,
      emptyOutDir: true,
      sourcemap: false,
    },
  });
  const { renderPage } = (await import(
    pathToFileURL(path.join(serverBuildDir, 'prerender.js')).href
  )) as typeof Prerender;
  const catalogue = await loadCatalogue(contentDir);
  const published = toPublishedData(catalogue);
  const data = {
    ...published,
    // Rendered without the operator's contact address, which only the running server knows: the
    // page asks the API for its text once it has loaded.
    legalPages: await readLegalPages(contentDir, undefined),
  };
  const shell = withAppStartedAfterPaint(readFileSync(path.join(webDir, 'index.html'), 'utf8'));
  // The server renders the catalogue's pages again with this bundle and shell when a course is
  // published (src/server/content/render-public-pages.ts).
  writeFileSync(path.join(serverBuildDir, RENDER_SHELL_FILE), shell);
  const outDir = path.join(webDir, PRERENDERED_DIR);
  mkdirSync(outDir, { recursive: true });
  const pages = {
    ...prerenderedPages,
    ...publishedPages(catalogue.courses.map((course) => course.id)),
  };
  for (const [url, file] of Object.entries(pages)) {
    writeFileSync(path.join(outDir, file), withPage(shell, await renderPage(url, data)));
  }
  writeFileSync(path.join(outDir, CATALOGUE_STAMP_FILE), catalogueStamp(published));
  console.log(`Rendered ${Object.keys(pages).length} public pages.`);
}

await main();
