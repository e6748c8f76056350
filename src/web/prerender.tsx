/**
 * The public pages rendered to HTML at build time (scripts/prerender.ts runs this module's
 * server build): the same components and routes as the browser's, with the data they show.
 */
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from './lib/router/router.tsx';
import type { CatalogueResponse, CourseOutline } from '../shared/api/catalogue.ts';
import type { Contact } from '../shared/api/marketing.ts';
import { PAGE_DATA_ELEMENT_ID, serializePageData } from './app/page-data.ts';
import { createQueryClient, Providers } from './app/providers.tsx';
import { AppRoutes, signedInPageAnswers } from './app/router.tsx';
import { legalPageQueryKey, type LegalPage } from './features/legal/api/get-legal-page.ts';
import { catalogueQueryKey } from './lib/catalogue.ts';
import { contactQueryKey } from './lib/contact.ts';
import { courseQueryKey } from './features/catalogue/api/get-course.ts';
import { courseHead } from './features/catalogue/course-head.ts';
import type { RenderedPage } from '../shared/rendered-page.ts';

export interface PublicData {
  catalogue: CatalogueResponse;
  /** Each published course's outline, as its page shows it. */
  courses: CourseOutline[];
  legalPages: Record<LegalPage, string>;
  /** The site's address (APP_URL), known when the running app renders, not at build time. */
  siteUrl?: string;
  /**
   * The operator's address and profiles, known likewise: rendered in, the page does not grow by
   * them as it comes alive (a control moving from under a finger loses the tap).
   */
  contact?: Contact;
}

/**
 * The page at `url` as the contents of the shell's root element, followed by the data it was
 * rendered with. Any error while rendering fails the build: a page must never fall back to an
 * empty shell unnoticed.
 */
export async function renderPage(url: string, data: PublicData): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  // As defaults, the data becomes a query only where the page asks for it: the page carries
  // what it shows, not the whole catalogue and both legal texts.
  queryClient.setQueryDefaults(catalogueQueryKey, { initialData: data.catalogue });
  for (const course of data.courses) {
    queryClient.setQueryDefaults(courseQueryKey(course.id), { initialData: course });
  }
  if (data.contact) queryClient.setQueryDefaults(contactQueryKey, { initialData: data.contact });
  for (const [page, markdown] of Object.entries(data.legalPages)) {
    queryClient.setQueryDefaults(legalPageQueryKey(page as LegalPage), {
      initialData: { markdown },
    });
  }
  const body = await renderRoot(url, queryClient);
  const course = data.courses.find((candidate) => url === `/courses/${candidate.id}`);
  return course ? { body, ...courseHead(course, data.siteUrl) } : { body };
}

/**
 * A signed-in page opened from outside the app (decision 044, amended), rendered by the running
 * server for the learner whose request it is: `answerOf` answers an API address as that learner
 * (undefined unless the API answered 200). Null when the page is left to the browser: not one the
 * server renders, or an answer missing (signed out, no access, not found), which the page shows
 * itself.
 */
export async function renderSignedInPage(
  url: string,
  answerOf: (path: string) => Promise<unknown>,
): Promise<RenderedPage | null> {
  const answers = await signedInPageAnswers(new URL(url, 'http://localhost').pathname);
  if (!answers) return null;
  const data = await Promise.all(answers.map((answer) => answerOf(answer.path)));
  const isSignedIn = (data[0] as { user?: unknown } | undefined)?.user;
  if (!isSignedIn || data.some((answer) => answer === undefined)) return null;
  const queryClient = createQueryClient();
  answers.forEach(({ queryKey }, index) => queryClient.setQueryData(queryKey, data[index]));
  // A learner waits for this page: past the bound, the shell, which renders in the browser.
  return { body: await renderRoot(url, queryClient, AbortSignal.timeout(SIGNED_IN_RENDER_MS)) };
}

const SIGNED_IN_RENDER_MS = 2_000;

/**
 * The page at `url` as the contents of the shell's root element, followed by the data it was
 * rendered with. Throws on any error while rendering.
 */
async function renderRoot(
  url: string,
  queryClient: QueryClient,
  signal?: AbortSignal,
): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
    {
      // Every Suspense boundary's HTML in place: React reveals an outlined one with an inline
      // script, which the content security policy refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      ...(signal && { signal }),
      onError: (error) => {
        errors.push(error);
      },
    },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  if (errors.length > 0) throw new AggregateError(errors, `Rendering ${url} failed.`);
  const pageData = serializePageData(dehydrate(queryClient));
  return (
    `<div id="root">${html}</div>` +
    `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${pageData}</script>`
  );
}
