import type { FastifyInstance } from 'fastify';
import { createStripeGateway, type StripeGateway } from './stripe-client.ts';

export interface CoursesPurchased {
  userId: string;
  courseIds: string[];
  /** The Checkout session id. */
  reference: string;
}

export interface PaymentsOptions {
  /** Runs once per fulfilled purchase, before the buyer is answered (a paid upgrade ends beta access). */
  onCoursesPurchased?: (purchase: CoursesPurchased) => Promise<unknown>;
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
