import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminSettings,
  SettingsChange,
  UpdateSettingsBody,
} from '../../../../shared/api/settings.ts';
import { apiRequest } from '../../../lib/api-client.ts';

const settingsQueryKey = ['admin', 'settings'] as const;
const changesQueryKey = ['admin', 'settings', 'changes'] as const;

export function usePlatformSettings() {
  return useQuery({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => apiRequest<AdminSettings>('/api/admin/settings', { signal }),
  });
}

export function useSettingsChanges() {
  return useQuery({
    queryKey: changesQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<{ changes: SettingsChange[] }>('/api/admin/settings/changes', { signal }),
  });
}

/** Saves from the version the admin read; a 409 says who saved since. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettingsBody) =>
      apiRequest<AdminSettings>('/api/admin/settings', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(settingsQueryKey, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: changesQueryKey }),
  });
}
