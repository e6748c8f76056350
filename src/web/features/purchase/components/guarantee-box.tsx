import { ShieldCheck } from 'lucide-react';
import { refundPromise } from '../../../../shared/rules/refund-promise.ts';
import { useContactEmail } from '../../../lib/contact.ts';

export function GuaranteeBox() {
  const promise = refundPromise(useContactEmail()).guarantee;
  return (
    <section
      aria-labelledby="guarantee-heading"
      className="flex gap-3 rounded-xl border border-green-800/30 bg-green-50 p-4"
    >
      <ShieldCheck className="h-6 w-6 shrink-0 text-green-800" aria-hidden="true" />
      <div>
        <h2 id="guarantee-heading" className="font-semibold text-ink-900">
          30-Day Money-Back Guarantee
        </h2>
        <p className="mt-1 text-sm text-ink-800">{promise}</p>
      </div>
    </section>
  );
}
