import { toast } from 'react-hot-toast';
import { ApiError } from '../../../lib/api-client.ts';
import { ADMIN_TOAST_MS } from '../../../../shared/rules/admin.ts';

/** Toasts of the account area: 3500 ms, top centre (spec 2 §9). */
const options = { duration: ADMIN_TOAST_MS, position: 'top-center' } as const;

export const adminToast = {
  success: (message: string) => toast.success(message, options),
  // The same message twice (a re-rendered guard) shows one toast.
  error: (message: string) => toast.error(message, { ...options, id: message }),
  /** The spec's failure words, and the server's reason when it gave one the admin can act on. */
  failure: (message: string, error: unknown) =>
    toast.error(
      error instanceof ApiError && (error.status === 400 || error.status === 409)
        ? `${message}: ${error.message}`
        : message,
      options,
    ),
};
