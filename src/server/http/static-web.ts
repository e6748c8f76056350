import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { errorBody } from './errors.ts';

/** Serves the built web app: hashed assets cached for a year, every client route gets index.html. */
export async function serveWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDir, 'index.html'));
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
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
