import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { themeBootScript } from './src/shared/theme-boot.ts';

const serverPort = Number(process.env.SERVER_PORT ?? 3001);

/** The theme's few lines run inline in <head>, before the rendered page paints. */
const themeBoot: Plugin = {
  name: 'theme-boot',
  transformIndexHtml: () => [{ tag: 'script', children: themeBootScript, injectTo: 'head' }],
};

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), themeBoot],
  build: {
    outDir: '../../dist/web',
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
