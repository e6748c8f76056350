import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSystemPrompts, SystemPromptKind } from '../../../../shared/api/companion.ts';
import { apiRequest } from '../../../lib/api-client.ts';

const promptsQueryKey = ['admin', 'companion', 'prompts'] as const;
const promptsUrl = '/api/admin/companion/prompts';

export function useSystemPrompts() {
  return useQuery({
    queryKey: promptsQueryKey,
    queryFn: ({ signal }) => apiRequest<AdminSystemPrompts>(promptsUrl, { signal }),
  });
}

/** A prompt saved, or its default restored (text null), from the version the admin read. */
export interface PromptEditInput {
  kind: SystemPromptKind;
  version: number;
  text: string | null;
}

/** Saves or restores from the version the admin read; a 409 says who saved since. */
export function useEditSystemPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, version, text }: PromptEditInput) =>
      text === null
        ? apiRequest<AdminSystemPrompts>(`${promptsUrl}/${kind}/reset`, {
            method: 'POST',
            body: { version },
          })
        : apiRequest<AdminSystemPrompts>(`${promptsUrl}/${kind}`, {
            method: 'PUT',
            body: { version, text },
          }),
    onSuccess: (saved) => queryClient.setQueryData(promptsQueryKey, saved),
  });
}
