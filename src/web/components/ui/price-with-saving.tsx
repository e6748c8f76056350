import type { BundlePricing } from '../../../shared/rules/pricing.ts';
import { formatEuros } from '../../../shared/rules/pricing.ts';

/**
 * A bundle's price, and only when it truly saves money the struck-through sum and the saving:
 * both computed from the catalogue, never a fixed claim.
 */
export function PriceWithSaving({ pricing }: { pricing: BundlePricing }) {
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <span className="text-2xl font-bold text-ink-900">{formatEuros(pricing.bundleCents)}</span>
      {pricing.savingsCents > 0 && (
        <>
          <s className="text-ink-700">
            <span className="sr-only">instead of </span>
            {formatEuros(pricing.referenceCents)}
          </s>
          <span className="rounded-full bg-green-50 px-2 py-0.5 text-sm font-semibold text-green-800">
            Save {pricing.savingsPercent}%
          </span>
        </>
      )}
    </span>
  );
}
