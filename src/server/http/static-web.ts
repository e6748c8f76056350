import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { errorBody } from './errors.ts';
import {
  type CataloguePagesPlace,
  cataloguePages as cataloguePageUrls,
  PRERENDERED_DIR,
  prerenderedPages,
} from './prerendered-pages.ts';

/**
 * Serves the built web app: hashed assets cached for a year; a public page as it was rendered at
 * build time; every other client route gets the app's shell, index.html.
 */
export async function serveWebApp(
  app: FastifyInstance,
  webDir: string,
  cataloguePages: CataloguePagesPlace,
): Promise<void> {
  const hasBuild = existsSync(path.join(webDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      // Source maps stay on the server, for whoever reads a stack trace; browsers never get them.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders: (response, filePath) => {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        response.setHeader(
          'cache-control',
          isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    servePages(app, findRenderedPages(webDir), cataloguePages);
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/');
    const isFile = path.extname(request.url.split('?')[0] ?? '') !== '';
    if (isApi || isFile || request.method !== 'GET' || !hasBuild) {
      return reply
        .status(404)
        .send(errorBody('not_found', `Not found: ${request.method} ${request.url}`));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

/**
 * Each rendered page as a route of its own, so that it is compressed like every answer (the
 * not-found handler's are not). Only the bare path gets the page: a query string (`/shop?course=…`,
 * `/login?…`) can change what the page shows, so those get the shell.
 */
function servePages(
  app: FastifyInstance,
  renderedPages: Map<string, string>,
  cataloguePages: CataloguePagesPlace,
) {
  const showsCatalogue = new Set<string>(cataloguePageUrls);
  for (const [url, file] of renderedPages) {
    app.get(url, (request, reply) => {
      reply.header('cache-control', 'no-cache');
      if (request.url !== url) return reply.sendFile('index.html');
      // Rendered again since the build, into DATA_DIR (content/render-public-pages.ts).
      if (showsCatalogue.has(url)) return reply.sendFile(path.basename(file), cataloguePages.root);
      return reply.sendFile(file);
    });
  }
}

/** The rendered pages the build holds, by path. */
function findRenderedPages(webDir: string): Map<string, string> {
  const files = Object.entries(prerenderedPages).map(
    ([url, page]) => [url, path.posix.join(PRERENDERED_DIR, page)] as const,
  );
  return new Map(files.filter(([, file]) => existsSync(path.join(webDir, file))));
}
