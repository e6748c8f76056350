import { useMutation } from '@tanstack/react-query';
import type {
  RequestSuggestionInput,
  SuggestionResponse,
} from '../../../../shared/api/companion.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function useRequestSuggestion() {
  return useMutation({
    mutationFn: (input: RequestSuggestionInput) =>
      apiRequest<SuggestionResponse>('/api/companion/suggestions', { body: input }),
  });
}
