/** What may be bought, and what a Checkout session's state means for the buyer (spec 1 §4, §5, §8). */
import type { Product } from '../api/catalogue.ts';
import type { AccessType } from './access.ts';
import { bundleOffer, type PaidCourse } from './pricing.ts';

export const purchaseMessages = {
  noCourseSelected: 'Please select at least one course',
  courseNotFound: (productId: string) => `Course not found: ${productId}`,
  comingSoon: (name: string) => `${name} is coming soon and cannot be bought yet.`,
  alreadyOwned: (name: string) => `You already have access to ${name}.`,
  bundleAlone: 'The bundle is bought on its own, without single courses.',
  duplicate: 'Each course can be ordered once.',
  prerequisiteMissing: (name: string, prerequisites: string) =>
    `${name} requires ${prerequisites}: add it to your order.`,
} as const;

/** Paid (or admin) access means the course is owned; beta and complimentary access can be bought out. */
export function isOwnedAccess(accessType: AccessType): boolean {
  return accessType === 'paid' || accessType === 'admin';
}

export interface SaleableCatalogue {
  courseProducts: readonly Product[];
  bundle: Product;
  /** The courses each course builds on, by course id. */
  prerequisites: Readonly<Record<string, readonly string[]>>;
}

export interface Order {
  products: Product[];
  /** Every course the order enrolls in: the bundle's courses, or the courses bought one by one. */
  courseIds: string[];
  isBundle: boolean;
  /** The bundle's courses the buyer already paid for, and what is taken off for them. */
  credits: PaidCourse[];
  creditCents: number;
  /** What the buyer pays: the catalogue's prices, less the credit. */
  totalCents: number;
}

export type OrderResult = { ok: true; order: Order } | { ok: false; message: string };

/**
 * Rebuilds an order from product ids and the catalogue, never from a client's prices. A single
 * course must be for sale and not owned; the bundle is refused only when every course in it is owned,
 * and costs what is left once the courses in it the buyer paid for are taken off.
 */
export function buildOrder(
  productIds: readonly string[],
  catalogue: SaleableCatalogue,
  ownedCourseIds: ReadonlySet<string>,
  paidCourses: readonly PaidCourse[] = [],
): OrderResult {
  if (productIds.length === 0) return { ok: false, message: purchaseMessages.noCourseSelected };
  if (new Set(productIds).size !== productIds.length) {
    return { ok: false, message: purchaseMessages.duplicate };
  }
  const products: Product[] = [];
  for (const productId of productIds) {
    const product =
      productId === catalogue.bundle.id
        ? catalogue.bundle
        : catalogue.courseProducts.find((candidate) => candidate.id === productId);
    if (!product) return { ok: false, message: purchaseMessages.courseNotFound(productId) };
    products.push(product);
  }

  const isBundle = products.some((product) => product.isBundle);
  if (isBundle && products.length > 1) return { ok: false, message: purchaseMessages.bundleAlone };
  for (const product of products) {
    if (product.comingSoon)
      return { ok: false, message: purchaseMessages.comingSoon(product.name) };
    if (product.courseIds.every((courseId) => ownedCourseIds.has(courseId))) {
      return { ok: false, message: purchaseMessages.alreadyOwned(product.name) };
    }
  }
  const courseIds = products.flatMap((product) => product.courseIds);
  const missing = missingPrerequisite(products, catalogue, ownedCourseIds, courseIds);
  if (missing) return { ok: false, message: missing };
  if (isBundle) {
    const { credits, creditCents, totalCents } = bundleOffer(catalogue.bundle, paidCourses);
    return { ok: true, order: { products, courseIds, isBundle, credits, creditCents, totalCents } };
  }
  const totalCents = products.reduce((sum, product) => sum + product.priceCents, 0);
  return {
    ok: true,
    order: { products, courseIds, isBundle, credits: [], creditCents: 0, totalCents },
  };
}

/**
 * As on the purchase page, a course comes with the prerequisites still to buy: each must be owned,
 * coming soon (it cannot be bought yet) or in the same order.
 */
function missingPrerequisite(
  products: readonly Product[],
  catalogue: SaleableCatalogue,
  ownedCourseIds: ReadonlySet<string>,
  orderedCourseIds: readonly string[],
): string | null {
  for (const product of products) {
    const needed = product.courseIds
      .flatMap((courseId) => catalogue.prerequisites[courseId] ?? [])
      .filter((courseId) => !ownedCourseIds.has(courseId) && !orderedCourseIds.includes(courseId))
      .map((courseId) =>
        catalogue.courseProducts.find((course) => course.courseIds.includes(courseId)),
      )
      .filter((prerequisite) => prerequisite !== undefined && !prerequisite.comingSoon);
    if (needed.length > 0) {
      const names = needed.map((prerequisite) => prerequisite!.name).join(' and ');
      return purchaseMessages.prerequisiteMissing(product.name, names);
    }
  }
  return null;
}

export const checkoutStatuses = ['open', 'complete', 'expired'] as const;
export type CheckoutStatus = (typeof checkoutStatuses)[number];
export const paymentStatuses = ['unpaid', 'paid', 'no_payment_required'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const checkoutOutcomes = ['paid', 'processing', 'unpaid', 'expired'] as const;
export type CheckoutOutcome = (typeof checkoutOutcomes)[number];

/** Stripe's fulfilment rule: access is granted only once the payment is made (or none is needed). */
export function isCheckoutPaid(paymentStatus: PaymentStatus): boolean {
  return paymentStatus === 'paid' || paymentStatus === 'no_payment_required';
}

export interface CheckoutState {
  status: CheckoutStatus;
  paymentStatus: PaymentStatus;
  hasPaymentFailed: boolean;
  isRefunded: boolean;
}

/**
 * What the buyer is told on return: a completed session whose payment is still unpaid is a
 * delayed payment method (bank debit) at work, until Stripe reports it failed.
 */
export function checkoutOutcome(state: CheckoutState): CheckoutOutcome {
  if (state.isRefunded) return 'unpaid';
  if (isCheckoutPaid(state.paymentStatus)) return 'paid';
  if (state.status === 'expired') return 'expired';
  if (state.status === 'complete' && !state.hasPaymentFailed) return 'processing';
  return 'unpaid';
}

/**
 * Two reads of one session may arrive in either order: the state only moves forward
 * (open → complete or expired; unpaid → paid), so an older read never undoes a newer one.
 */
export function mergeCheckoutState<T extends Pick<CheckoutState, 'status' | 'paymentStatus'>>(
  stored: T,
  read: Pick<CheckoutState, 'status' | 'paymentStatus'>,
): Pick<CheckoutState, 'status' | 'paymentStatus'> {
  return {
    status: stored.status === 'open' ? read.status : stored.status,
    paymentStatus: isCheckoutPaid(stored.paymentStatus) ? stored.paymentStatus : read.paymentStatus,
  };
}

/** The spec's checkout messages (spec 1 §8) and the contract's return messages. */
export const checkoutMessages = {
  failed: 'Failed to create checkout session',
  paymentFailed: 'Payment failed',
  toast: 'There was a problem creating your checkout session. Please try again.',
  nameRequired: 'Name is required',
  noCustomer: 'No Stripe customer ID found',
  canceled: 'Checkout was canceled. You have not been charged.',
  testMode: 'Test mode: no real payment is taken',
  serviceUnavailable: 'Payments are not available just now. Please try again in a few minutes.',
} as const;

/** What the dashboard says after checkout (the contract between payments and learning). */
export const checkoutOutcomeMessages: Record<CheckoutOutcome, string> = {
  paid: 'Payment successful! Your course access is ready.',
  processing: 'Your payment is processing. Your access opens as soon as it completes.',
  unpaid: 'Your payment did not complete. You have not been charged.',
  expired: 'Your payment did not complete. You have not been charged.',
};

export const subscriptionReturnMessages = {
  success: 'Your subscription is active.',
  canceled: checkoutMessages.canceled,
} as const;
