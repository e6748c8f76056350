/**
 * Renders the public pages to HTML after `vite build`: builds src/web/prerender.tsx for Node,
 * renders each page with the catalogue and legal texts from content/, and writes them beside the
 * app's shell as dist/web/prerendered/<page>.html. The server sends them (static-web.ts); the
 * browser paints their text before any script runs, then React hydrates them.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { loadCatalogue } from '../src/server/catalogue/load-catalogue.ts';
import { toCatalogueResponse } from '../src/server/catalogue/catalogue.ts';
import { readLegalPages } from '../src/server/marketing/read-legal-pages.ts';
import { PRERENDERED_DIR, prerenderedPages } from '../src/server/http/prerendered-pages.ts';
import { startAfterPaintScript } from '../src/shared/start-after-paint.ts';
import type * as Prerender from '../src/web/prerender.tsx';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'dist/web');
const serverBuildDir = path.join(root, 'dist/prerender');
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
  const data = {
    catalogue: toCatalogueResponse(await loadCatalogue(contentDir)),
    // Rendered without the operator's contact address, which only the running server knows: the
    // page asks the API for its text once it has loaded.
    legalPages: await readLegalPages(contentDir, undefined),
  };
  const shell = withAppStartedAfterPaint(readFileSync(path.join(webDir, 'index.html'), 'utf8'));
  const outDir = path.join(webDir, PRERENDERED_DIR);
  mkdirSync(outDir, { recursive: true });
  for (const [url, file] of Object.entries(prerenderedPages)) {
    writeFileSync(path.join(outDir, file), withPage(shell, await renderPage(url, data)));
  }
  rmSync(serverBuildDir, { recursive: true, force: true });
  console.log(`Rendered ${Object.keys(prerenderedPages).length} public pages.`);
}

/**
 * A rendered page reads before its scripts run, so they wait for its first paint: the shell's
 * module script and preloads become one inline script that asks for them then.
 */
function withAppStartedAfterPaint(shell: string): string {
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

function withPage(shell: string, page: string): string {
  const emptyRoot = '<div id="root"></div>';
  if (!shell.includes(emptyRoot)) throw new Error(`The shell has no ${emptyRoot}.`);
  // A function, so that no `$` in the page is read as a replacement pattern.
  return shell.replace(emptyRoot, () => page);
}

await main();
