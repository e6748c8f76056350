/** Discount codes: what a code takes off an order (docs/decisions/039-coupons.md). */
import { formatEuros } from './pricing.ts';
import type { Order } from './purchase.ts';

export const couponKinds = ['percent', 'amount'] as const;
export type CouponKind = (typeof couponKinds)[number];

/** What a code is, as the server checks it against an order. */
export interface CouponTerms {
  code: string;
  kind: CouponKind;
  /** A percentage (1 to 100) or an amount in cents. */
  value: number;
  /** The products it applies to (course product ids, the bundle id); empty for all. */
  productIds: readonly string[];
  expiresAt: Date | null;
  maxUses: number | null;
  disabledAt: Date | null;
}

export const couponMessages = {
  unknown: 'This code is not valid.',
  expired: 'This code has expired.',
  usedUp: 'This code has been used as many times as it can be.',
  notForOrder: 'This code does not apply to the courses in your order.',
  codeTaken: 'A code with these letters already exists.',
  notFound: 'Coupon not found',
  termsKept:
    'A code that orders were priced with keeps its letters and discount: switch it off and make a new one.',
  maxUsesBelowUses: (uses: number) => `The maximum uses cannot be below the ${uses} already made`,
} as const;

/** Codes are compared without case and surrounding spaces: "spring20" is "SPRING20". */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The discount of each line of the order, in the order's line order, and its sum. */
export interface OrderDiscount {
  discountCents: number;
  lineDiscountCents: number[];
}

export type CouponResult = ({ ok: true } & OrderDiscount) | { ok: false; message: string };

/**
 * What a code takes off an order now. `heldUses` counts the uses made and the checkouts still
 * open with the code: a code at its limit is refused even while those checkouts are unpaid.
 */
export function applyCoupon(
  order: Order,
  coupon: CouponTerms,
  heldUses: number,
  now: Date,
): CouponResult {
  if (coupon.disabledAt) return { ok: false, message: couponMessages.unknown };
  if (coupon.expiresAt && coupon.expiresAt <= now) {
    return { ok: false, message: couponMessages.expired };
  }
  if (coupon.maxUses !== null && heldUses >= coupon.maxUses) {
    return { ok: false, message: couponMessages.usedUp };
  }
  const lineCents = linePrices(order);
  const isEligible = order.products.map(
    (product) => coupon.productIds.length === 0 || coupon.productIds.includes(product.id),
  );
  const eligibleCents = lineCents.reduce(
    (sum, cents, index) => sum + (isEligible[index] ? cents : 0),
    0,
  );
  if (eligibleCents === 0) return { ok: false, message: couponMessages.notForOrder };
  const discountCents =
    coupon.kind === 'percent'
      ? Math.round((eligibleCents * coupon.value) / 100)
      : Math.min(coupon.value, eligibleCents);
  const shares = spreadDiscount(
    lineCents.map((cents, index) => (isEligible[index] ? cents : 0)),
    discountCents,
  );
  return { ok: true, discountCents, lineDiscountCents: shares };
}

/** What each line costs before the code: the bundle's line carries its credit. */
export function linePrices(order: Order): number[] {
  return order.products.map((product) =>
    product.isBundle ? order.totalCents : product.priceCents,
  );
}

/**
 * A discount shared over lines by their price, in whole cents, the last priced line taking the
 * remainder: no line goes below zero and the shares add up to the discount.
 */
export function spreadDiscount(lineCents: readonly number[], discountCents: number): number[] {
  const total = lineCents.reduce((sum, cents) => sum + cents, 0);
  if (total === 0) return lineCents.map(() => 0);
  const lastPriced = lineCents.findLastIndex((cents) => cents > 0);
  let remaining = discountCents;
  return lineCents.map((cents, index) => {
    const share = index === lastPriced ? remaining : Math.floor((discountCents * cents) / total);
    remaining -= share;
    return share;
  });
}

/** The code's line, on the shop, the test payment page, the receipt and the invoice. */
export function couponLine(code: string): string {
  return `Code ${code}`;
}

/** "20% off" or "€25 off", as the admin panel lists a code. */
export function describeCoupon(coupon: Pick<CouponTerms, 'kind' | 'value'>): string {
  return coupon.kind === 'percent' ? `${coupon.value}% off` : `${formatEuros(coupon.value)} off`;
}
