import { z } from 'zod';
import { couponKinds } from '../rules/coupons.ts';

export const couponFieldMessages = {
  code: 'A code has 3 to 40 letters, digits, - or _',
  kind: 'expected percent or amount',
  percent: 'A percentage is a whole number from 1 to 100',
  amount: 'An amount is from 1 cent to €10,000',
  maxUses: 'The number of uses is a whole number from 1 to 1,000,000',
  expiresAt: 'expected a date and time',
} as const;

/** A code as a buyer types it or the creator sets it; compared without case. */
export const couponCodeSchema = z
  .string()
  .trim()
  .max(40, { message: couponFieldMessages.code, abort: true })
  .regex(/^[A-Za-z0-9_-]{3,40}$/, couponFieldMessages.code);

const productIdSchema = z
  .string()
  .max(100, { message: 'A product id is at most 100 characters', abort: true })
  .trim()
  .min(1, 'A product id cannot be empty');

/** What the creator sets on a code (create and change). */
export const couponInputSchema = z
  .object({
    code: couponCodeSchema,
    kind: z.enum(couponKinds, { message: couponFieldMessages.kind }),
    /** A percentage, or an amount in cents. */
    value: z.number().int(),
    /** The products it applies to; empty for every course and the bundle. */
    productIds: z.array(productIdSchema).max(20).default([]),
    expiresAt: z
      .string()
      .max(40, { message: couponFieldMessages.expiresAt, abort: true })
      .pipe(z.iso.datetime({ offset: true, message: couponFieldMessages.expiresAt }))
      .nullable()
      .default(null),
    maxUses: z
      .number()
      .int(couponFieldMessages.maxUses)
      .min(1, couponFieldMessages.maxUses)
      .max(1_000_000, couponFieldMessages.maxUses)
      .nullable()
      .default(null),
    isActive: z.boolean().default(true),
  })
  .superRefine((input, context) => {
    const isPercentOk = input.value >= 1 && input.value <= 100;
    const isAmountOk = input.value >= 1 && input.value <= 1_000_000;
    if (input.kind === 'percent' && !isPercentOk) {
      context.addIssue({ code: 'custom', path: ['value'], message: couponFieldMessages.percent });
    }
    if (input.kind === 'amount' && !isAmountOk) {
      context.addIssue({ code: 'custom', path: ['value'], message: couponFieldMessages.amount });
    }
  });
export type CouponInput = z.input<typeof couponInputSchema>;

export const couponParamsSchema = z.object({ id: z.uuid('expected a coupon id') });

export const couponSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(couponKinds),
  value: z.number().int(),
  productIds: z.array(z.string()),
  expiresAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  isActive: z.boolean(),
  /** An order, paid or open, was priced with it: its letters and discount no longer change. */
  hasOrders: z.boolean(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponsSchema = z.object({ coupons: z.array(couponSchema) });
export type Coupons = z.infer<typeof couponsSchema>;

/** The shop's "Have a code?": the order's product ids and the code typed. */
export const couponPreviewRequestSchema = z.object({
  productIds: z.array(productIdSchema).min(1, 'Please select at least one course').max(10),
  code: couponCodeSchema,
});
export type CouponPreviewRequest = z.input<typeof couponPreviewRequestSchema>;

/** The order's price with the code, as checkout will take it. */
export const couponPreviewSchema = z.object({
  code: z.string(),
  /** The order before the code (a bundle's credit already taken off). */
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  totalCents: z.number().int(),
});
export type CouponPreview = z.infer<typeof couponPreviewSchema>;
