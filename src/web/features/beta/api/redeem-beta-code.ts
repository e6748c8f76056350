import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BetaGrantView, RedeemBetaCodeInput } from '../../../../shared/api/beta.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Redeems a code; every query is refreshed, since access to courses changed. */
export function useRedeemBetaCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RedeemBetaCodeInput) =>
      apiRequest<{ grant: BetaGrantView }>('/api/beta/redeem', { body: input }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
