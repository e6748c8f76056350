import type { FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderedPage } from '../../shared/rendered-page.ts';
import { RENDER_BUNDLE_DIR, withPage } from './prerendered-pages.ts';

/** What the build's server bundle of src/web/prerender.tsx offers for the signed-in pages. */
interface SignedInPageRenderer {
  renderSignedInPage: (
    url: string,
    answerOf: (path: string) => Promise<unknown>,
  ) => Promise<RenderedPage | null>;
}

/**
 * The signed-in pages opened from outside the app (the dashboard, a lesson), rendered for the
 * learner whose request it is, so that a phone paints them before their scripts have run
 * (decision 044, amended). Each answer the page is rendered with is the API's own, asked as that
 * learner (their cookie, their address), so every access rule holds as it does for the browser.
 * Answers the page's HTML, or null for the app's empty shell: no session, a page the server does
 * not render, an answer missing (the page shows why itself), or a failure, which is logged. Without
 * a build (API tests, `npm run dev`) there is no renderer.
 */
export function signedInPageRenderer(app: FastifyInstance, webDir: string) {
  const bundle = path.join(webDir, '..', RENDER_BUNDLE_DIR, 'prerender.js');
  if (!existsSync(bundle)) return async () => null;
  // The bundle and the shell, read at the first signed-in page, once.
  let loading: Promise<[SignedInPageRenderer, string]> | undefined;
  const load = () =>
    (loading ??= Promise.all([
      import(pathToFileURL(bundle).href) as Promise<SignedInPageRenderer>,
      readFile(path.join(webDir, 'index.html'), 'utf8'),
    ]));

  return async (request: FastifyRequest): Promise<string | null> => {
    const { cookie } = request.headers;
    if (!cookie) return null;
    const answerOf = async (apiPath: string) => {
      const answer = await app.inject({
        method: 'GET',
        url: apiPath,
        headers: { cookie, 'user-agent': request.headers['user-agent'] ?? '' },
        remoteAddress: request.ip,
      });
      return answer.statusCode === 200 ? answer.json<unknown>() : undefined;
    };
    try {
      const [renderer, shell] = await load();
      const page = await renderer.renderSignedInPage(request.url, answerOf);
      return page && withPage(shell, page);
    } catch (error) {
      request.log.warn(
        { err: error },
        'a signed-in page could not be rendered: the shell was sent',
      );
      return null;
    }
  };
}
