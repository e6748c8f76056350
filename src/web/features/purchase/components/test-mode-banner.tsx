import { checkoutMessages } from '../../../../shared/rules/purchase.ts';

/** Payment test mode's pages say so first, so nobody mistakes them for a real payment. */
export function TestModeBanner() {
  return (
    <p role="note" className="bg-amber-300 px-4 py-3 text-center font-semibold text-ink-900">
      {checkoutMessages.testMode}
    </p>
  );
}
