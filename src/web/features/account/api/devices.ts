import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Device } from '../../../../shared/api/account.ts';
import { apiRequest } from '../../../lib/api-client.ts';

const devicesKey = ['account', 'devices'] as const;

export function useDevices() {
  return useQuery({
    queryKey: devicesKey,
    queryFn: ({ signal }) => apiRequest<{ devices: Device[] }>('/api/account/devices', { signal }),
    select: (data) => data.devices,
  });
}

export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: string) =>
      apiRequest(`/api/account/devices/${encodeURIComponent(deviceId)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}
