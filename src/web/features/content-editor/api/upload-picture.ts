import { useMutation } from '@tanstack/react-query';
import type { UploadedPicture } from '../../../../shared/api/content.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** A course picture's file, sent as its bytes: the server reads what it is from them. */
export function useUploadPicture() {
  return useMutation({
    mutationFn: (file: File) =>
      apiRequest<UploadedPicture>('/api/admin/pictures', { method: 'POST', body: file }),
  });
}
