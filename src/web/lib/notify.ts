import { toast, type ToastOptions } from 'react-hot-toast';
import { fieldErrorOf, isRefusal } from './api-client.ts';

/** How long an admin or account toast stays, in milliseconds (spec 2 §9). */
export const TOAST_MS = 3500;

const areaOptions = { duration: TOAST_MS, position: 'top-center' } as const;

/** A toast given an id replaces the one showing with that id rather than stacking. */
type SiteOptions = Pick<ToastOptions, 'id'>;

/**
 * The house's toasts, in the spec's two regimes; nothing else imports react-hot-toast but the
 * toaster that draws them (`app/toaster.tsx`).
 */
export const notify = {
  /** The admin and account areas (spec 2 §9): 3.5 s at the top centre. */
  area: {
    success: (message: string) => toast.success(message, areaOptions),
    // The same message twice (a re-rendered guard) shows one toast.
    error: (message: string) => toast.error(message, { ...areaOptions, id: message }),
    /** The spec's failure words, then the server's reason when it refused the request as asked. */
    failure: (message: string, error: unknown) =>
      toast.error(
        isRefusal(error) ? `${message}: ${fieldErrorOf(error) ?? error.message}` : message,
        areaOptions,
      ),
  },
  /** The rest of the site (spec 1 §9): the toaster's own timings, 2 s for success, 4 s else. */
  site: {
    success: (message: string, options?: SiteOptions) => toast.success(message, options),
    error: (message: string, options?: SiteOptions) => toast.error(message, options),
    /** Neither a success nor a failure: a plain notice. */
    notice: (message: string, options?: SiteOptions) => toast(message, options),
  },
};
