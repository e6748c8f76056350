import { useMutation } from '@tanstack/react-query';
import type { LearnerImportReport } from '../../../../shared/api/admin.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Checks a sheet of learners (dry run) or imports it. */
export function useImportLearners() {
  return useMutation({
    mutationFn: (input: { csv: string; dryRun: boolean }) =>
      apiRequest<LearnerImportReport>('/api/admin/learner-imports', { body: input }),
  });
}
