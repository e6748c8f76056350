import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Settings, UpdateSettingsInput } from '../../../../shared/api/account.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { fetchSettings, settingsQueryKey } from '../../../lib/theme.ts';

export function useSettings() {
  return useQuery({ queryKey: settingsQueryKey, queryFn: ({ signal }) => fetchSettings(signal) });
}

/** A toggle shows its new state at once, and goes back if the save fails. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: UpdateSettingsInput) =>
      apiRequest<Settings>('/api/account/settings', { method: 'PATCH', body: patch }),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: settingsQueryKey });
      const previous = queryClient.getQueryData<Settings>(settingsQueryKey);
      if (previous) {
        queryClient.setQueryData<Settings>(settingsQueryKey, {
          ...previous,
          themePreference: patch.themePreference ?? previous.themePreference,
          notificationPreferences: {
            ...previous.notificationPreferences,
            ...patch.notificationPreferences,
          },
        });
      }
      return { previous };
    },
    onError: (_error, _patch, context) => {
      if (context?.previous) queryClient.setQueryData(settingsQueryKey, context.previous);
    },
    onSuccess: (settings) => queryClient.setQueryData(settingsQueryKey, settings),
  });
}
