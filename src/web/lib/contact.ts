import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/** The operator's contact address, or null when none is configured (then none is shown). */
export function useContactEmail(): string | null {
  const { data } = useQuery({
    queryKey: ['contact'],
    queryFn: ({ signal }) =>
      apiRequest<{ contactEmail: string | null }>('/api/contact', { signal }),
    staleTime: Infinity,
  });
  return data?.contactEmail ?? null;
}
