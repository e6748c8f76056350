import type { Product } from '../api/catalogue.ts';
import { euroText } from '../number-text.ts';
import { formatEurosAndCents } from './invoices.ts';

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

/** A course the buyer owns through a purchase of its own, and what that purchase took for it. */
export interface PaidCourse {
  courseId: string;
  paidCents: number;
}

/** The bundle for a buyer who already paid for some of its courses (docs/decisions/021). */
export interface BundleOffer {
  bundleCents: number;
  /** The bundle's courses already paid for, each counted once. */
  credits: PaidCourse[];
  /** What is taken off the bundle's price: what was paid, never more than the price. */
  creditCents: number;
  /** What the rest of the journey costs: the bundle's price less the credit, never below zero. */
  totalCents: number;
}

export function bundleOffer(bundle: Product, paidCourses: readonly PaidCourse[]): BundleOffer {
  const credits = bundle.courseIds.flatMap((courseId) => {
    const paid = paidCourses.find((candidate) => candidate.courseId === courseId);
    return paid && paid.paidCents > 0 ? [paid] : [];
  });
  const paidCents = credits.reduce((sum, credit) => sum + credit.paidCents, 0);
  const creditCents = Math.min(bundle.priceCents, paidCents);
  return {
    bundleCents: bundle.priceCents,
    credits,
    creditCents,
    totalCents: bundle.priceCents - creditCents,
  };
}

/** The credit's line, on the purchase page, the upgrade dialog and the receipt. */
export function creditLine(courseTitles: readonly string[]): string {
  return `Already paid for ${courseTitles.join(' and ')}`;
}

/** Prices are shown in EUR with no decimals: 12500 → "€125". */
export function formatEuros(cents: number): string {
  return euroText(cents, { toTheCent: false });
}

/**
 * A price that may have cents, a code's discount (€99.50) or a plan's payment (€41.67): to the
 * cent then, else in whole euros as the shop shows them.
 */
export function formatPrice(cents: number): string {
  return cents % 100 === 0 ? formatEuros(cents) : formatEurosAndCents(cents);
}

/** A course's duration in whole hours, rounded up. */
export function durationInHours(totalSeconds: number): number {
  return Math.ceil(totalSeconds / 3600);
}
