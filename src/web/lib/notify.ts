import { toast } from 'react-hot-toast';
import { fieldErrorOf, isRefusal } from './api-client.ts';

/** How long a toast stays, in milliseconds (spec 2 §9). */
export const TOAST_MS = 3500;

const options = { duration: TOAST_MS, position: 'top-center' } as const;

/** The house's toasts: 3.5 s at the top centre (spec 2 §9). */
export const notify = {
  success: (message: string) => toast.success(message, options),
  // The same message twice (a re-rendered guard) shows one toast.
  error: (message: string) => toast.error(message, { ...options, id: message }),
  /** The spec's failure words, then the server's reason when it refused the request as asked. */
  failure: (message: string, error: unknown) =>
    toast.error(
      isRefusal(error) ? `${message}: ${fieldErrorOf(error) ?? error.message}` : message,
      options,
    ),
};
