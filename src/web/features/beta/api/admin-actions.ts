import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BetaCodeView,
  BetaGrantView,
  BetaInvitationView,
  CreateBetaInvitationInput,
  GenerateBetaCodeInput,
  GrantBetaAccessInput,
  GrantBetaAccessResponse,
} from '../../../../shared/api/beta.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The Admin Panel's actions; each refreshes the panel's data and statistics. */
function useBetaAdminMutation<Input, Output>(request: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['beta'] }),
  });
}

export function useGenerateBetaCode() {
  return useBetaAdminMutation((input: GenerateBetaCodeInput) =>
    apiRequest<{ code: BetaCodeView }>('/api/beta/codes', { body: input }),
  );
}

export function useGrantBetaAccess() {
  return useBetaAdminMutation((input: GrantBetaAccessInput) =>
    apiRequest<GrantBetaAccessResponse>('/api/grant-beta-access', { body: input }),
  );
}

export function useCreateBetaInvitation() {
  return useBetaAdminMutation((input: CreateBetaInvitationInput) =>
    apiRequest<{ invitation: BetaInvitationView }>('/api/beta/invitations', { body: input }),
  );
}

export function useUpdateBetaGrant() {
  return useBetaAdminMutation(
    ({ grantId, action }: { grantId: string; action: 'deactivate' | 'extend' }) =>
      apiRequest<{ grant: BetaGrantView }>(
        `/api/beta/grants/${encodeURIComponent(grantId)}/${action}`,
        { body: {} },
      ),
  );
}
