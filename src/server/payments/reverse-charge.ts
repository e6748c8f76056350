import {
  isEuCountry,
  isReverseCharge,
  netLinePrices,
  vatOutOfGross,
} from '../../shared/rules/invoices.ts';
import type { PlatformSettings } from '../../shared/rules/settings.ts';
import type { OrderItem } from '../db/schema/payments.ts';

/**
 * The rate whose VAT comes off the price for a business buying under reverse charge: the
 * creator's rate for its country, the VAT a consumer there pays inside the same price; null
 * when reverse charge does not apply (docs/decisions/036).
 */
export function reverseChargeRateFor(
  settings: PlatformSettings,
  business: { country: string; vatNumber: string },
): number | null {
  const applies = isReverseCharge({ ...business, sellerVatNumber: settings.seller.vatNumber });
  if (!applies || !isEuCountry(business.country)) return null;
  return settings.vatRates[business.country] ?? 0;
}

/** The VAT taken off each line's price (after its code's share) under reverse charge. */
export function removedVatOfLines(lineCents: readonly number[], rate: number): number[] {
  const nets = netLinePrices(lineCents, rate);
  return lineCents.map((cents, index) => cents - nets[index]!);
}

/**
 * What each item of a stored order costs: its price less its code's share, a bundle's line (its
 * only one) less its credit. They add up to the amount the order was priced at.
 */
export function linePricesOfItems(items: readonly OrderItem[], creditCents: number): number[] {
  return items.map(
    (item, index) => item.priceCents - (item.discountCents ?? 0) - (index === 0 ? creditCents : 0),
  );
}

/**
 * An invoice's lines under reverse charge: each gross line without the VAT of the rate the
 * price was netted at, and no VAT on top. The last line takes the cent rounding leaves, so the
 * lines add up to what was paid.
 */
export function reverseChargeLines(
  grossLines: readonly { description: string; grossCents: number }[],
  rate: number,
  paidCents: number,
) {
  const lines = grossLines.map(({ description, grossCents }) => {
    const netCents = Math.sign(grossCents) * vatOutOfGross(Math.abs(grossCents), rate).netCents;
    return { description, netCents, vatCents: 0, grossCents: netCents };
  });
  const rest = paidCents - lines.reduce((sum, line) => sum + line.netCents, 0);
  const last = lines.at(-1);
  if (last) {
    last.netCents += rest;
    last.grossCents += rest;
  }
  return lines;
}
