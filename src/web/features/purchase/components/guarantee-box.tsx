import { ShieldCheck } from 'lucide-react';

export function GuaranteeBox() {
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
        <p className="mt-1 text-sm text-ink-800">
          If the programme is not right for you, ask for a refund within 30 days of your purchase
          and you get every cent back.
        </p>
      </div>
    </section>
  );
}
