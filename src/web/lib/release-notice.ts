import { useMutation } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/** "Tell me when it opens": signed in, the account's address; signed out, the one typed. */
export function useRequestReleaseNotice(courseId: string) {
  return useMutation({
    mutationFn: (email: string | undefined) =>
      apiRequest<{ message: string }>(
        `/api/courses/${encodeURIComponent(courseId)}/release-notice`,
        { body: email === undefined ? {} : { email } },
      ),
  });
}
