import type { Product } from '../api/catalogue.ts';

export interface BundlePricing {
  /** What the purchasable courses cost one by one (coming-soon courses are not counted). */
  referenceCents: number;
  bundleCents: number;
  savingsCents: number;
  savingsPercent: number;
}

export function purchasableCourseProducts(products: readonly Product[]): Product[] {
  return products.filter((product) => !product.isBundle && !product.comingSoon);
}

export function bundlePricing(products: readonly Product[], bundle: Product): BundlePricing {
  const referenceCents = purchasableCourseProducts(products).reduce(
    (sum, product) => sum + product.priceCents,
    0,
  );
  const savingsCents = Math.max(0, referenceCents - bundle.priceCents);
  return {
    referenceCents,
    bundleCents: bundle.priceCents,
    savingsCents,
    savingsPercent: referenceCents === 0 ? 0 : Math.round((savingsCents / referenceCents) * 100),
  };
}

const euros = new Intl.NumberFormat('en-IE', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Prices are shown in EUR with no decimals: 12500 → "€125". */
export function formatEuros(cents: number): string {
  return euros.format(Math.round(cents / 100));
}

/** A course's duration in whole hours, rounded up. */
export function durationInHours(totalSeconds: number): number {
  return Math.ceil(totalSeconds / 3600);
}
