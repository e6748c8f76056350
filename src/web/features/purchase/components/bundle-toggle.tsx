import type { Product } from '../../../../shared/api/catalogue.ts';
import type { BundlePricing } from '../../../../shared/rules/pricing.ts';
import { formatEuros } from '../../../../shared/rules/pricing.ts';
import { PriceWithSaving } from '../../../components/ui/price-with-saving.tsx';

interface BundleToggleProps {
  bundle: Product;
  pricing: BundlePricing;
  comingSoonTitles: string[];
  /** What the buyer already paid for courses in the bundle, taken off its price. */
  credit: { label: string; cents: number } | null;
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
}

export function BundleToggle({
  bundle,
  pricing,
  comingSoonTitles,
  credit,
  isChecked,
  onChange,
}: BundleToggleProps) {
  return (
    <div
      className={`rounded-xl border-2 p-4 ${isChecked ? 'border-flame-600 bg-flame-100' : 'border-ink-600/30 bg-white'}`}
    >
      <div className="flex items-start gap-3">
        <input
          id="bundle-toggle"
          type="checkbox"
          className="mt-1 h-5 w-5 shrink-0 accent-flame-600"
          checked={isChecked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby="bundle-toggle-details"
        />
        <div className="flex-1">
          <label htmlFor="bundle-toggle" className="font-display text-lg font-bold text-ink-900">
            {bundle.name}: every course
          </label>
          <div id="bundle-toggle-details">
            <p className="text-sm text-ink-700">{bundle.description}</p>
            {pricing.savingsCents === 0 && comingSoonTitles.length > 0 && (
              <p className="mt-1 text-sm text-ink-800">
                Includes {comingSoonTitles.join(' and ')} as soon as they open.
              </p>
            )}
            {credit && (
              <p className="mt-1 text-sm font-semibold text-green-800">
                {credit.label}: {formatEuros(credit.cents)} off. You pay{' '}
                {formatEuros(pricing.bundleCents - credit.cents)} for the rest of the journey.
              </p>
            )}
          </div>
        </div>
        <PriceWithSaving pricing={pricing} />
      </div>
    </div>
  );
}
