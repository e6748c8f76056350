import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CompanionSettings,
  UpdateCompanionSettingsInput,
} from '../../../../shared/api/companion.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const companionSettingsQueryKey = ['companion', 'settings'];

export function useCompanionSettings() {
  return useQuery({
    queryKey: companionSettingsQueryKey,
    queryFn: ({ signal }) => apiRequest<CompanionSettings>('/api/companion/settings', { signal }),
    staleTime: 60_000,
    // The server skips a failing AI service for a minute, then tries it again.
    refetchInterval: (query) => (query.state.data?.mode === 'unavailable' ? 60_000 : false),
  });
}

export function useUpdateCompanionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCompanionSettingsInput) =>
      apiRequest<CompanionSettings>('/api/companion/settings', { method: 'PUT', body: input }),
    onSuccess: (settings) => queryClient.setQueryData(companionSettingsQueryKey, settings),
  });
}
