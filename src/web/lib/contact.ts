import { useQuery } from '@tanstack/react-query';
import type { Contact, SocialProfile } from '../../shared/api/marketing.ts';
import { apiRequest } from './api-client.ts';

/** Rendered into the public pages by the running server, which knows the address. */
export const contactQueryKey = ['contact'];

function useContact(): Contact | undefined {
  const { data } = useQuery({
    queryKey: contactQueryKey,
    queryFn: ({ signal }) => apiRequest<Contact>('/api/contact', { signal }),
    staleTime: Infinity,
  });
  return data;
}

/** The operator's contact address, or null when none is configured (then none is shown). */
export function useContactEmail(): string | null {
  return useContact()?.contactEmail ?? null;
}

/** The programme's public profiles the operator configured; none until they are known. */
export function useSocialProfiles(): SocialProfile[] {
  return useContact()?.socialProfiles ?? [];
}
