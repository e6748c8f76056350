import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { errorBody } from './errors.ts';
import { contentIdSchema } from '../../shared/api/content.ts';
import { isApiRequest, pathnameOf } from './request-path.ts';
import {
  type CataloguePagesPlace,
  cataloguePages as cataloguePageUrls,
  coursePageFile,
  PRERENDERED_DIR,
  prerenderedPages,
} from './prerendered-pages.ts';
import { signedInPageRenderer } from './signed-in-pages.ts';

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
    serveCoursePages(app, cataloguePages);
  }

  const renderSignedInPage = signedInPageRenderer(app, webDir);
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = isApiRequest(request);
    const isFile = path.extname(pathnameOf(request)) !== '';
    if (isApi || isFile || request.method !== 'GET' || !hasBuild) {
      return reply
        .status(404)
        .send(errorBody('not_found', `Not found: ${request.method} ${request.url}`));
    }
    return sendSignedInPageOrShell(request, reply, renderSignedInPage);
  });
}

/** A signed-in page rendered for the learner when the server renders it, else the shell. */
async function sendSignedInPageOrShell(
  request: FastifyRequest,
  reply: FastifyReply,
  render: (request: FastifyRequest) => Promise<string | null>,
) {
  const page = await render(request);
  if (page === null) return sendShell(reply);
  return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
}

/**
 * The app's shell, for the pages rendered in the browser: the signed-in ones among them. Never
 * stored, so that after sign-out neither the HTTP cache nor the back/forward cache can bring a
 * learner's page back (decision 044), nor a signed-in page rendered with their data; the service
 * worker keeps its own copy of the shell for offline use.
 */
function sendShell(reply: FastifyReply) {
  return reply.header('cache-control', 'no-store').sendFile('index.html');
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
      if (request.url !== url) return sendShell(reply);
      reply.header('cache-control', 'no-cache');
      // Rendered again since the build, into DATA_DIR (content/render-public-pages.ts).
      if (showsCatalogue.has(url)) return reply.sendFile(path.basename(file), cataloguePages.root);
      return reply.sendFile(file);
    });
  }
}

/**
 * `/courses/{courseId}` as rendered for the course's last publish; looked up on each request, as
 * a publish adds the page of a new course. An unknown course, or a query string, gets the shell.
 */
function serveCoursePages(app: FastifyInstance, cataloguePages: CataloguePagesPlace) {
  app.get<{ Params: { courseId: string } }>('/courses/:courseId', (request, reply) => {
    const { courseId } = request.params;
    const file = coursePageFile(courseId);
    const isRendered =
      !request.url.includes('?') &&
      contentIdSchema.safeParse(courseId).success &&
      existsSync(path.join(cataloguePages.root, file));
    if (!isRendered) return sendShell(reply);
    return reply.header('cache-control', 'no-cache').sendFile(file, cataloguePages.root);
  });
}

/** The rendered pages the build holds, by path. */
function findRenderedPages(webDir: string): Map<string, string> {
  const files = Object.entries(prerenderedPages).map(
    ([url, page]) => [url, path.posix.join(PRERENDERED_DIR, page)] as const,
  );
  return new Map(files.filter(([, file]) => existsSync(path.join(webDir, file))));
}
