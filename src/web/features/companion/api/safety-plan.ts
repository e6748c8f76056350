import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SafetyPlan, SafetyPlanResponse } from '../../../../shared/api/companion.ts';
import { apiRequest } from '../../../lib/api-client.ts';

const safetyPlanQueryKey = ['companion', 'safety-plan'];

export function useSafetyPlan() {
  return useQuery({
    queryKey: safetyPlanQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<SafetyPlanResponse>('/api/companion/safety-plan', { signal }),
  });
}

export function useSaveSafetyPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: SafetyPlan) =>
      apiRequest<SafetyPlanResponse>('/api/companion/safety-plan', { method: 'PUT', body: plan }),
    onSuccess: (saved) => queryClient.setQueryData(safetyPlanQueryKey, saved),
  });
}
