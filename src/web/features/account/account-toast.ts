import { toast } from 'react-hot-toast';
import { ACCOUNT_TOAST_DURATION_MS } from '../../../shared/rules/account.ts';

/** Toasts in the account area: 3.5 s at the top centre (spec 2 §9). */
const options = { duration: ACCOUNT_TOAST_DURATION_MS, position: 'top-center' } as const;

export const accountToast = {
  success: (message: string) => toast.success(message, options),
  error: (message: string) => toast.error(message, options),
};
