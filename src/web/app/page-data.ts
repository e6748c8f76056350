import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/** The element of a rendered page that carries the data its queries were rendered with. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/**
 * Takes over the data a page was rendered with at build time, so the first render matches the
 * page's HTML. The data is as old as the build: every query asks the API again when it mounts.
 */
export function adoptPageData(queryClient: QueryClient, element: HTMLElement | null): void {
  if (!element?.textContent) return;
  hydrate(queryClient, JSON.parse(element.textContent) as DehydratedState);
  void queryClient.invalidateQueries();
}

/** JSON that is safe inside a <script> element: no `<` can close it. */
export function serializePageData(state: DehydratedState): string {
  return JSON.stringify(state).replaceAll('<', '\\u003c');
}
