import { useMutation } from '@tanstack/react-query';
import type { AdminUser } from '../../../../shared/api/admin.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Spec 2 §2 'Email search': the one user whose email is, starts with or contains the text. */
export function useSearchUser() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<AdminUser>(`/api/admin/user-search?${new URLSearchParams({ email })}`),
  });
}
