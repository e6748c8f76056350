import { useMutation } from '@tanstack/react-query';
import type { AssessmentInput } from '../../../../shared/api/marketing.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function useSubmitAssessment() {
  return useMutation({
    mutationFn: (input: AssessmentInput) =>
      apiRequest<{ id: string }>('/api/assessments', { body: input }),
  });
}
