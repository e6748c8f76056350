import type { FastifyInstance } from 'fastify';
import { createStripeGateway, type StripeGateway } from './stripe-client.ts';

export interface CoursesPurchased {
  userId: string;
  courseIds: string[];
  /** The Checkout session id. */
  reference: string;
}

export interface CheckoutPaid {
  checkoutId: string;
  userId: string;
  productIds: string[];
  isTestPayment: boolean;
}

export interface PaymentsOptions {
  /** Runs once per fulfilled purchase, before the buyer is answered (a paid upgrade ends beta access). */
  onCoursesPurchased?: (purchase: CoursesPurchased) => Promise<unknown>;
  /** Runs once per fulfilled checkout, whatever it bought (a paid session is booked). */
  onCheckoutPaid?: (checkout: CheckoutPaid) => Promise<unknown>;
  /** A checkout expired or was abandoned unpaid (a held session slot is released). */
  onCheckoutEnded?: (checkoutId: string) => Promise<unknown>;
  /** A paid checkout was refunded in full, or disputed (a paid session is cancelled). */
  onPurchaseRefunded?: (checkoutId: string) => Promise<unknown>;
}

/** What the payment functions work with: the app (database, catalogue, mailer, config, log) and Stripe. */
export interface PaymentsContext extends PaymentsOptions {
  app: FastifyInstance;
  /** Null in payment test mode (no STRIPE_SECRET_KEY). */
  stripe: StripeGateway | null;
}

export function createPaymentsContext(
  app: FastifyInstance,
  options: PaymentsOptions = {},
): PaymentsContext {
  return { app, stripe: createStripeGateway(app.config.stripe, app.log), ...options };
}
