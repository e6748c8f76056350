import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueResponse } from '../../shared/api/catalogue.ts';
import { courseLevels } from '../../shared/rules/catalogue.ts';
import { apiRequest } from './api-client.ts';

export const catalogueQueryKey = ['catalogue'] as const;

const catalogueQueryOptions = queryOptions({
  queryKey: catalogueQueryKey,
  queryFn: ({ signal }) => apiRequest<CatalogueResponse>('/api/catalogue', { signal }),
  staleTime: 5 * 60_000,
  // The order of the path: foundational, then core, then advanced.
  select: (catalogue) => ({
    ...catalogue,
    courses: catalogue.courses.toSorted(
      (a, b) => courseLevels.indexOf(a.level) - courseLevels.indexOf(b.level),
    ),
  }),
});

/** The courses, their prices and the bundle: every page takes prices from here. */
export function useCatalogue() {
  return useQuery(catalogueQueryOptions);
}
