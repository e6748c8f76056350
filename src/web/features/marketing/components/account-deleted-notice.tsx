import { X } from 'lucide-react';
import { useState } from 'react';
import { useIsHydrated } from '../../../lib/client-value.ts';
import { useSearchParams } from '../../../lib/router/router.tsx';

/** Under the header on /?account=deleted, until dismissed. Not in the page rendered at build time. */
export function AccountDeletedNotice() {
  const [searchParams] = useSearchParams();
  const isHydrated = useIsHydrated();
  const [isDismissed, setIsDismissed] = useState(false);
  if (!isHydrated || isDismissed || searchParams.get('account') !== 'deleted') return null;
  return (
    <div className="fixed inset-x-0 top-20 z-40 px-4">
      <div className="mx-auto flex max-w-xl items-start gap-3 rounded-lg border border-green-700/40 bg-white px-4 py-3 text-ink-900 shadow-lg">
        <p role="status" className="flex-1 font-medium">
          Your account has been deleted and you are signed out. Thank you for walking with us.
        </p>
        <button
          type="button"
          onClick={() => setIsDismissed(true)}
          aria-label="Dismiss"
          className="rounded-lg p-1 text-ink-700 hover:bg-ink-700/10"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
