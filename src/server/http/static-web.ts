import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { errorBody } from './errors.ts';
import { PRERENDERED_DIR, prerenderedPages } from './prerendered-pages.ts';

/**
 * Serves the built web app: hashed assets cached for a year; a public page as it was rendered at
 * build time; every other client route gets the app's shell, index.html.
 */
export async function serveWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDir, 'index.html'));
  const renderedPages = findRenderedPages(webDir);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (response, filePath) => {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        response.setHeader(
          'cache-control',
          isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/');
    const isFile = path.extname(request.url.split('?')[0] ?? '') !== '';
    if (isApi || isFile || request.method !== 'GET' || !hasBuild) {
      return reply
        .status(404)
        .send(errorBody('not_found', `Not found: ${request.method} ${request.url}`));
    }
    return reply
      .header('cache-control', 'no-cache')
      .sendFile(renderedPages.get(request.url) ?? 'index.html');
  });
}

/**
 * The rendered pages the build holds, by path. Only a bare path gets one: a query string
 * (`/shop?course=…`, `/login?…`) can change what the page shows, so those get the shell.
 */
function findRenderedPages(webDir: string): Map<string, string> {
  const files = Object.entries(prerenderedPages).map(
    ([url, page]) => [url, path.posix.join(PRERENDERED_DIR, page)] as const,
  );
  return new Map(files.filter(([, file]) => existsSync(path.join(webDir, file))));
}
