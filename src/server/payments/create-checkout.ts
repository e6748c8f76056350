import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { SessionUser } from '../../shared/api/auth.ts';
import type { CouponPreview, CouponPreviewRequest } from '../../shared/api/coupons.ts';
import type {
  BusinessPrice,
  businessPriceRequestSchema,
  CheckoutSessionResponse,
  createCheckoutSessionRequestSchema,
} from '../../shared/api/payments.ts';
import { courseAccessType } from '../../shared/rules/access.ts';
import { linePrices } from '../../shared/rules/coupons.ts';
import { buildOrder, isOwnedAccess, type Order } from '../../shared/rules/purchase.ts';
import { getAccessFacts } from '../access/course-access.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import type { Executor } from '../db/client.ts';
import { checkoutSessions } from '../db/schema/payments.ts';
import { AppError } from '../http/errors.ts';
import { getStripeCustomerId, saveStripeCustomerId } from '../users/users.ts';
import { COUPON_HOLD_MINUTES, priceWithCoupon } from './coupons.ts';
import type { CodeDiscount } from './stripe-client.ts';
import { fulfilCheckout } from './fulfil-checkout.ts';
import { listPaidCourses } from './paid-courses.ts';
import { planOrder, savePlanTerms, type PlanOrder } from './payment-plans.ts';
import type { PaymentsContext } from './payments-context.ts';
import { removedVatOfLines, reverseChargeRateFor } from './reverse-charge.ts';

type CheckoutRequest = z.output<typeof createCheckoutSessionRequestSchema>;
type BusinessPriceRequest = z.output<typeof businessPriceRequestSchema>;

const TEST_CHECKOUT_PREFIX = 'test_cs_';
const FREE_CHECKOUT_PREFIX = 'free_cs_';

/**
 * Starts a checkout for the signed-in buyer. The order is rebuilt from the catalogue: the
 * client's prices, addresses and ids are never trusted.
 */
export async function createCheckout(
  context: PaymentsContext,
  user: SessionUser,
  request: CheckoutRequest,
): Promise<CheckoutSessionResponse> {
  const { app } = context;
  const storedCustomerId = await getStripeCustomerId(app.db, user.id);
  const isSomeoneElse =
    (request.metadata.userId !== undefined && request.metadata.userId !== user.id) ||
    (request.customerId !== undefined && request.customerId !== storedCustomerId);
  if (isSomeoneElse) throw new AppError('forbidden', 'A purchase is always for your own account.');

  const { couponCode, business } = request;
  const { plan, order } = await buildOrderToPay(context, user, {
    productIds: request.lineItems.map((item) => item.price),
    mode: request.mode,
    couponCode,
  });
  const reverseChargeRate = business
    ? reverseChargeRateFor(app.settings.current(), business)
    : null;

  // With a code, its row stays locked until the checkout is stored: its last use is taken once.
  const within = <T>(work: (db: Executor) => Promise<T>) =>
    couponCode ? app.db.transaction(work) : work(app.db);
  const { session, isFree } = await within(async (db) => {
    const coupon = couponCode ? await priceWithCoupon(db, order, couponCode, { lock: true }) : null;
    const { lineVatCents, vatRemovedCents, amountCents } = priceForBuyer(
      order,
      coupon,
      reverseChargeRate,
    );
    const isFree = amountCents === 0;
    const session = isFree
      ? startCheckoutWithoutPayment(app.config.appUrl)
      : context.stripe
        ? await context.stripe.createCheckoutSession({
            order,
            discount: coupon,
            ...(lineVatCents && { reverseCharge: { lineVatCents } }),
            customerId: storedCustomerId ?? (await createCustomer(context, user)),
            userId: user.id,
            successUrl: `${app.config.appUrl}/dashboard?session_id={CHECKOUT_SESSION_ID}`,
            cancelUrl: `${app.config.appUrl}/shop?canceled=true`,
            ...(plan && { plan: { count: plan.terms.count } }),
            ...(coupon && { expiresAt: couponHoldEnd() }),
          })
        : startTestCheckout(app.config.appUrl);

    await db.insert(checkoutSessions).values({
      id: session.id,
      userId: user.id,
      mode: context.stripe ? 'stripe' : 'test',
      items: orderItems(order, coupon?.lineDiscountCents),
      courseIds: order.courseIds,
      isBundle: order.isBundle,
      amountCents,
      creditCents: order.creditCents,
      creditedCourseIds: order.credits.map((credit) => credit.courseId),
      ...(coupon && {
        couponId: coupon.couponId,
        couponCode: coupon.code,
        discountCents: coupon.discountCents,
      }),
      ...(business && {
        buyerVatNumber: business.vatNumber,
        billingCountry: business.country,
        reverseChargeRate,
        vatRemovedCents,
      }),
      ...(isFree && { status: 'complete' as const, paymentStatus: 'no_payment_required' as const }),
      customerName: request.metadata.customerName || `${user.firstName} ${user.lastName}`.trim(),
      // Receipts go to the account's own, verified address only.
      receiptEmail: user.email,
      message: request.metadata.message || null,
    });
    // Each monthly payment is taken at the first one's amount (net, under reverse charge).
    if (plan) await savePlanTerms(db, session.id, plan, amountCents);
    return { session, isFree };
  });
  // Nothing to pay (a credit or a code covers the order): no provider page, the access opens now.
  if (isFree) await fulfilCheckout(context, session.id);
  return session;
}

export const couponOnPlanMessage = 'A discount code applies when paying in full only.';

/**
 * The order as it will be paid: in full, or (`subscription`, the spec's word for it) as the first
 * of its plan's monthly payments; 400 for a code on a plan.
 */
async function buildOrderToPay(
  context: PaymentsContext,
  user: SessionUser,
  request: { productIds: string[]; mode: 'payment' | 'subscription'; couponCode?: string },
): Promise<{ plan: PlanOrder | null; order: Order }> {
  const fullOrder = await buildBuyersOrder(context, user, request.productIds);
  const plan = request.mode === 'subscription' ? planOrder(fullOrder) : null;
  if (plan && request.couponCode) throw new AppError('bad_request', couponOnPlanMessage);
  return { plan, order: plan?.order ?? fullOrder };
}

/**
 * What the buyer pays: the order less its code's share and, under reverse charge, less each
 * line's VAT (taken after the line's code share).
 */
function priceForBuyer(
  order: Order,
  coupon: CodeDiscount | null,
  reverseChargeRate: number | null,
): { lineVatCents: number[] | null; vatRemovedCents: number; amountCents: number } {
  const lineVatCents =
    reverseChargeRate === null
      ? null
      : removedVatOfLines(
          linePrices(order).map((cents, index) => cents - (coupon?.lineDiscountCents[index] ?? 0)),
          reverseChargeRate,
        );
  const vatRemovedCents = lineVatCents?.reduce((sum, cents) => sum + cents, 0) ?? 0;
  const amountCents = order.totalCents - (coupon?.discountCents ?? 0) - vatRemovedCents;
  return { lineVatCents, vatRemovedCents, amountCents };
}

/** The shop's "Buying as a business?": the price checkout will take, before going there. */
export async function previewBusinessPrice(
  context: PaymentsContext,
  user: SessionUser,
  request: BusinessPriceRequest,
): Promise<BusinessPrice> {
  const { business, couponCode } = request;
  const { order } = await buildOrderToPay(context, user, {
    productIds: request.productIds,
    mode: request.mode,
    couponCode,
  });
  const coupon = couponCode ? await priceWithCoupon(context.app.db, order, couponCode) : null;
  const rate = reverseChargeRateFor(context.app.settings.current(), business);
  const { vatRemovedCents, amountCents } = priceForBuyer(order, coupon, rate);
  return { isReverseCharge: rate !== null, vatRemovedCents, totalCents: amountCents };
}

/** A checkout with a code ends unpaid when its hold on the code ends. */
function couponHoldEnd(): Date {
  return new Date(Date.now() + COUPON_HOLD_MINUTES * 60_000);
}

/** The order as the server prices it for this buyer: owned courses refused, credit taken off. */
async function buildBuyersOrder(
  context: PaymentsContext,
  user: SessionUser,
  productIds: string[],
): Promise<Order> {
  const result = buildOrder(
    productIds,
    saleableCatalogue(context.app.catalogue),
    await listOwnedCourseIds(context, user),
    await listPaidCourses(context, user.id),
  );
  if (!result.ok) throw new AppError('bad_request', result.message);
  return result.order;
}

/** The shop's "Have a code?": the price checkout would take with the code, or why it is refused. */
export async function previewCouponPrice(
  context: PaymentsContext,
  user: SessionUser,
  request: CouponPreviewRequest,
): Promise<CouponPreview> {
  const order = await buildBuyersOrder(context, user, request.productIds);
  const coupon = await priceWithCoupon(context.app.db, order, request.code);
  return {
    code: coupon.code,
    subtotalCents: order.totalCents,
    discountCents: coupon.discountCents,
    totalCents: order.totalCents - coupon.discountCents,
  };
}

function saleableCatalogue(catalogue: Catalogue) {
  return {
    courseProducts: catalogue.courses.map((course) => course.product),
    bundle: catalogue.bundle,
    prerequisites: Object.fromEntries(
      catalogue.courses.map((course) => [course.id, course.prerequisites]),
    ),
  };
}

async function listOwnedCourseIds(
  context: PaymentsContext,
  user: SessionUser,
): Promise<Set<string>> {
  const facts = await getAccessFacts(context.app, user);
  // A course a paid bundle opens at release is owned already: the bundle is not sold twice.
  return new Set(
    context.app.catalogue.courses
      .map((course) => course.id)
      .filter(
        (courseId) =>
          isOwnedAccess(courseAccessType(courseId, facts)) ||
          facts.awaitingReleaseCourseIds.includes(courseId),
      ),
  );
}

export async function createCustomer(context: PaymentsContext, user: SessionUser): Promise<string> {
  const customerId = await context.stripe!.createCustomer({
    userId: user.id,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`.trim(),
  });
  return saveStripeCustomerId(context.app.db, user.id, customerId);
}

/** Payment test mode: the "hosted checkout" is a page of the app, clearly marked as a test. */
export function startTestCheckout(appUrl: string) {
  const id = `${TEST_CHECKOUT_PREFIX}${randomUUID().replaceAll('-', '')}`;
  return { id, url: `${appUrl}/checkout/test/${id}` };
}

/** A checkout with nothing to pay: its own record is the whole session, it completes at once. */
function startCheckoutWithoutPayment(appUrl: string) {
  const id = `${FREE_CHECKOUT_PREFIX}${randomUUID().replaceAll('-', '')}`;
  return { id, url: `${appUrl}/dashboard?session_id=${id}` };
}

export function orderItems(order: Order, lineDiscountCents?: readonly number[]) {
  return order.products.map((product, index) => ({
    id: product.id,
    name: product.name,
    priceCents: product.priceCents,
    ...(lineDiscountCents?.[index] && { discountCents: lineDiscountCents[index] }),
  }));
}
