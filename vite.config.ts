import { readFileSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { themeBootScript } from './src/shared/theme-boot.ts';

const serverPort = Number(process.env.SERVER_PORT ?? 3001);

/** The theme's few lines run inline in <head>, before the rendered page paints. */
const themeBoot: Plugin = {
  name: 'theme-boot',
  transformIndexHtml: () => [{ tag: 'script', children: themeBootScript, injectTo: 'head' }],
};

const outDir = path.resolve('dist/web');

/**
 * The installable app (decision 041): a manifest, and the service worker of src/web/sw.ts, which
 * precaches the shell only (the manifest below), keeps what its rules say, and sends reflections
 * written offline when the connection is back. main.tsx registers it once the page has loaded.
 */
const installableApp = VitePWA({
  strategies: 'injectManifest',
  srcDir: '.',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'autoUpdate',
  includeAssets: [],
  manifest: {
    name: 'Sovereign Flame',
    short_name: 'Sovereign Flame',
    description: 'A guided journey toward personal sovereignty and transformation.',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    background_color: '#fff8ed',
    theme_color: '#b45309',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // The shell: index.html and what it loads at once (not the lazy pages), and the icons.
    globPatterns: ['**/*.{html,js,css,svg}'],
    manifestTransforms: [
      (entries) => {
        const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const manifest = entries.filter(
          (entry) => !entry.url.startsWith('assets/') || shell.includes(`/${entry.url}"`),
        );
        return { manifest, warnings: [] };
      },
    ],
    rollupFormat: 'iife',
    sourcemap: false,
  },
});

/**
 * The modules `/` runs: the entry's static imports and the home page's, gathered once the module
 * graph is known. They go out as one file, so a first visit, and every page after it, asks for a
 * few scripts instead of a score of tiny shared ones: on a phone's HTTP/1.1 connections, six at a
 * time, each is a round trip before the page can paint (docs/benchmarks.md, 2026-11-28 night).
 */
const landingModules = new Set<string>();
const landingRoots =
  /src[\\/]web[\\/](main\.tsx|features[\\/]marketing[\\/]routes[\\/]home-route\.tsx)$/;
const landingPageModules: Plugin = {
  name: 'landing-page-modules',
  apply: 'build',
  buildEnd() {
    const roots = [...this.getModuleIds()].filter((id) => landingRoots.test(id));
    const pending = [...roots];
    while (pending.length > 0) {
      const id = pending.pop()!;
      if (landingModules.has(id)) continue;
      landingModules.add(id);
      pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
    // The entry keeps its own chunk: the home page's chunk importing it back would deadlock the
    // boot, which awaits the home page's code.
    for (const root of roots) if (root.endsWith('main.tsx')) landingModules.delete(root);
  },
};

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), themeBoot, landingPageModules, installableApp],
  build: {
    outDir,
    emptyOutDir: true,
    // Written for the operator, not referenced by the scripts, and never served (static-web.ts).
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // What every page runs, in one file: one request, and compressed as one.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|wouter|regexparam|use-sync-external-store)[\\/]|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|context|shared[\\/])|src[\\/]web[\\/]lib[\\/]router[\\/]/,
            },
            // What `/` runs besides the framework, in one file (landingPageModules).
            { name: 'landing', test: (id) => landingModules.has(id) },
          ],
        },
      },
    },
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: { '/api': `http://localhost:${serverPort}` },
  },
});
