import { z } from 'zod';
import {
  countryOfVatNumber,
  invoiceKinds,
  invoiceMessages,
  normaliseVatNumber,
} from '../rules/invoices.ts';
import { checkoutMessages, checkoutOutcomes, checkoutStatuses } from '../rules/purchase.ts';
import { paymentPlanStatuses } from '../rules/payment-plans.ts';
import { emailSchema } from './auth.ts';
import { couponCodeSchema } from './coupons.ts';

const email = emailSchema;

/** The purchase form's fields, in the spec's order: name, then email; the message is optional. */
export const purchaseFormSchema = z.object({
  name: z.string().trim().min(1, checkoutMessages.nameRequired).max(200),
  email,
  message: z.string().trim().max(2000, 'The message can be at most 2000 characters'),
});
export type PurchaseFormInput = z.input<typeof purchaseFormSchema>;

/**
 * The spec's request shape. Only the product ids (course ids or the bundle id) count: the server
 * rebuilds the order, prices and return addresses itself, and takes the buyer from the session.
 */
const billingCountryMessage = 'billingCountry must be a 2-letter country code such as DE';
const billingCountrySchema = z
  .string()
  .max(2, { message: billingCountryMessage, abort: true })
  .regex(/^[A-Z]{2}$/, billingCountryMessage);

/** A business's VAT number as typed: checked against its country's format, then normalised. */
const vatNumberSchema = z
  .string()
  .max(40, { message: invoiceMessages.vatNumberInvalid, abort: true })
  .transform((value, context) => {
    const normalised = normaliseVatNumber(value);
    if (normalised) return normalised;
    context.addIssue({ code: 'custom', message: invoiceMessages.vatNumberInvalid });
    return z.NEVER;
  });

/**
 * A business buying: its country and VAT number. In another member state than the seller's, the
 * order is priced without VAT (reverse charge, docs/decisions/036).
 */
export const businessBuyerSchema = z
  .object({ country: billingCountrySchema, vatNumber: vatNumberSchema })
  .refine((business) => countryOfVatNumber(business.vatNumber) === business.country, {
    message: invoiceMessages.vatNumberOfOtherCountry,
    path: ['vatNumber'],
  });
export type BusinessBuyer = z.output<typeof businessBuyerSchema>;

export const createCheckoutSessionRequestSchema = z.object({
  lineItems: z
    .array(
      z.object({
        price: z.string().trim().min(1, 'expected a course id').max(100),
        quantity: z.literal(1, 'expected quantity 1').default(1),
      }),
    )
    .min(1, 'Please select at least one course')
    .max(10),
  customerEmail: email.optional(),
  /** A discount code: the server prices the order with it (docs/decisions/039-coupons.md). */
  couponCode: couponCodeSchema.optional(),
  /** Buying as a business: reverse charge prices the order without VAT. */
  business: businessBuyerSchema.optional(),
  customerId: z.string().max(255).optional(),
  successUrl: z.string().max(2000).optional(),
  cancelUrl: z.string().max(2000).optional(),
  mode: z
    .enum(['payment', 'subscription'], { message: 'expected payment or subscription' })
    .default('payment'),
  metadata: z
    .object({
      isBundle: z.enum(['true', 'false']).optional(),
      customerName: z.string().trim().max(200).optional(),
      message: z.string().trim().max(2000).optional(),
      userId: z.string().max(255).optional(),
      upgradeFromBeta: z.string().max(10).optional(),
      courseIds: z.string().max(1000).optional(),
    })
    .default({}),
});
export type CreateCheckoutSessionRequest = z.input<typeof createCheckoutSessionRequestSchema>;

/** The shop's "Buying as a business?": the price checkout will take from this business. */
export const businessPriceRequestSchema = z.object({
  productIds: z
    .array(
      z
        .string()
        .max(100, { message: 'expected a course id', abort: true })
        .min(1, 'expected a course id'),
    )
    .min(1, 'Please select at least one course')
    .max(10),
  business: businessBuyerSchema,
  couponCode: couponCodeSchema.optional(),
  mode: z
    .enum(['payment', 'subscription'], { message: 'expected payment or subscription' })
    .default('payment'),
});
export type BusinessPriceRequest = z.input<typeof businessPriceRequestSchema>;

export const businessPriceSchema = z.object({
  /** Another member state than the seller's: priced without VAT. */
  isReverseCharge: z.boolean(),
  vatRemovedCents: z.number().int(),
  /** What checkout takes: the order, or the first of its plan's monthly payments (each the same). */
  totalCents: z.number().int(),
});
export type BusinessPrice = z.infer<typeof businessPriceSchema>;

export const checkoutSessionResponseSchema = z.object({ id: z.string(), url: z.string() });
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponseSchema>;

export const confirmCheckoutRequestSchema = z.object({
  checkoutId: z.string().trim().min(1, 'checkoutId is required').max(255),
});
export const confirmCheckoutResponseSchema = z.object({
  status: z.enum(checkoutOutcomes),
  courseIds: z.array(z.string()),
});
export type ConfirmCheckoutResponse = z.infer<typeof confirmCheckoutResponseSchema>;

export const testCheckoutParamsSchema = z.object({ checkoutId: z.string().min(1).max(255) });

const orderItemSchema = z.object({ id: z.string(), name: z.string(), priceCents: z.number() });

/** A checkout of payment test mode, as its payment page shows it. */
export const testCheckoutSchema = z.object({
  id: z.string(),
  status: z.enum(checkoutStatuses),
  outcome: z.enum(checkoutOutcomes),
  isBundle: z.boolean(),
  items: z.array(orderItemSchema),
  /** Taken off a bundle for courses in it already paid for. */
  credit: z.object({ label: z.string(), cents: z.number() }).nullable(),
  /** Taken off by a discount code. */
  discount: z.object({ label: z.string(), cents: z.number() }).nullable(),
  /** A business in another member state: the VAT taken off the price (reverse charge). */
  reverseCharge: z.object({ vatNumber: z.string(), cents: z.number() }).nullable(),
  totalCents: z.number(),
  /** A payment plan: today's payment is the first of `count`, each of `instalmentCents`. */
  plan: z.object({ count: z.number(), instalmentCents: z.number() }).nullable(),
});
export type TestCheckout = z.infer<typeof testCheckoutSchema>;

/** A purchase paid in monthly payments, where it stands. */
export const paymentPlanSummarySchema = z.object({
  checkoutId: z.string(),
  productName: z.string(),
  count: z.number(),
  paidCount: z.number(),
  instalmentCents: z.number(),
  nextDueAt: z.string().nullable(),
  status: z.enum(paymentPlanStatuses),
  /** A later payment failed (docs/decisions/038): open until then, unless paid. */
  graceEndsAt: z.string().nullable(),
  /** The grace ran out: the plan's courses are paused until the payment goes through. */
  accessPausedAt: z.string().nullable(),
});
export type PaymentPlanSummary = z.infer<typeof paymentPlanSummarySchema>;

export const redirectResponseSchema = z.object({ redirectUrl: z.string() });
export type RedirectResponse = z.infer<typeof redirectResponseSchema>;

export const customerPortalRequestSchema = z.object({
  returnUrl: z.string().trim().min(1, 'returnUrl is required').max(2000),
  customerId: z.string().max(255).optional(),
});
export const urlResponseSchema = z.object({ url: z.string() });

/** A subscription whose renewal was left unpaid: in its grace, or paused (docs/decisions/038). */
export const subscriptionAtRiskSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  status: z.string(),
  productId: z.string(),
  paymentFailedAt: z.string(),
  graceEndsAt: z.string().nullable(),
  accessPausedAt: z.string().nullable(),
  /** A payment plan's unpaid payment (its product), not a subscription's renewal. */
  planProductName: z.string().nullable(),
});
export type SubscriptionAtRisk = z.infer<typeof subscriptionAtRiskSchema>;
export const subscriptionsAtRiskResponseSchema = z.object({
  subscriptions: z.array(subscriptionAtRiskSchema),
});
export type SubscriptionsAtRiskResponse = z.infer<typeof subscriptionsAtRiskResponseSchema>;

export const subscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  productId: z.string(),
  customerId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  currentPeriodEnd: z.string().nullable(),
  /** While a failed renewal is retried, when the courses close unless it is paid. */
  graceEndsAt: z.string().nullable(),
  /** When the grace ran out and the courses closed; null while they are open. */
  accessPausedAt: z.string().nullable(),
  items: z.array(
    z.object({
      id: z.string(),
      productId: z.string(),
      priceId: z.string().nullable(),
      quantity: z.number().nullable(),
    }),
  ),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const customerSubscriptionsQuerySchema = z.object({
  customerId: z.string().max(255).optional(),
});
export const customerSubscriptionsResponseSchema = z.object({
  subscriptions: z.array(subscriptionSchema),
  /** The customer's payment plans whose later payment failed: in grace, or paused. */
  plansAtRisk: z.array(paymentPlanSummarySchema),
});
export type CustomerSubscriptionsResponse = z.infer<typeof customerSubscriptionsResponseSchema>;

export const checkCourseAccessRequestSchema = z.object({
  courseId: z.string().trim().min(1, 'courseId is required').max(100),
  customerId: z.string().max(255).optional(),
});
export const checkCourseAccessResponseSchema = z.object({ hasAccess: z.boolean() });

/** The bundle for the signed-in buyer: its price less what they already paid for courses in it. */
export const bundleOfferResponseSchema = z.object({
  bundleCents: z.number().int(),
  credits: z.array(
    z.object({ courseId: z.string(), title: z.string(), paidCents: z.number().int() }),
  ),
  creditCents: z.number().int(),
  totalCents: z.number().int(),
});
export type BundleOfferResponse = z.infer<typeof bundleOfferResponseSchema>;

/** A completed purchase, as the test-mode billing page lists it. */
export const purchaseSchema = z.object({
  id: z.string(),
  purchasedAt: z.string(),
  items: z.array(orderItemSchema),
  amountPaidCents: z.number(),
  accessExpiresAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export const purchasesResponseSchema = z.object({ purchases: z.array(purchaseSchema) });

/** An invoice or credit note on the Billing tab; its PDF is downloaded by its id. */
export const invoiceSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(invoiceKinds),
  number: z.string(),
  /** The order it belongs to. */
  checkoutId: z.string(),
  issuedAt: z.string(),
  grossCents: z.number().int(),
  /** A business in another member state: no VAT, the buyer accounts for it. */
  isReverseCharge: z.boolean(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

const invoiceIdMessage = 'invoiceId must be a whole number from 1';
export const invoiceParamsSchema = z.object({
  invoiceId: z
    .string()
    .max(10, invoiceIdMessage)
    .regex(/^[1-9]\d*$/, invoiceIdMessage)
    .transform(Number)
    .refine((id) => id <= 2_147_483_647, invoiceIdMessage),
});

export const testCards = ['pays', 'declines-later'] as const;
export type TestCard = (typeof testCards)[number];

/**
 * Test mode's page asks for the billing country, as Stripe's does: it decides the VAT rate; a
 * business's VAT number, which brings reverse charge in another member state; and, for a plan,
 * a test card that pays or one whose later payments decline until updated.
 */
export const payTestCheckoutBodySchema = z
  .object({
    billingCountry: billingCountrySchema.optional(),
    vatNumber: vatNumberSchema.optional(),
    testCard: z
      .enum(testCards, { message: `testCard must be one of: ${testCards.join(', ')}` })
      .optional(),
  })
  .refine(
    (body) =>
      !body.vatNumber ||
      (body.billingCountry !== undefined &&
        countryOfVatNumber(body.vatNumber) === body.billingCountry),
    { message: invoiceMessages.vatNumberOfOtherCountry, path: ['vatNumber'] },
  )
  // A request without a body (Fastify's null) pays with no country, as before.
  .nullish();

/** Payment test mode's billing page: the learner's plan now pays with a working test card. */
export const testCardParamsSchema = z.object({
  checkoutId: z
    .string()
    .max(255, { message: 'checkoutId must be a checkout id', abort: true })
    .regex(/^[A-Za-z0-9_]+$/, 'checkoutId must be a checkout id'),
});
export const testCardResponseSchema = z.object({
  /** Whether the payment that had failed was taken now. */
  isPaid: z.boolean(),
});
export type PayTestCheckoutBody = z.infer<typeof payTestCheckoutBodySchema>;

/** Where the Billing tab downloads an invoice's PDF. */
export function invoicePdfPath(invoiceId: number): string {
  return `/api/invoices/${invoiceId}/pdf`;
}
export type PurchasesResponse = z.infer<typeof purchasesResponseSchema>;
