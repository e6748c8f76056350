import type { FastifyInstance } from 'fastify';
import { createStripeGateway, type StripeGateway } from './stripe-client.ts';

/** What the payment functions work with: the app (database, catalogue, mailer, config, log) and Stripe. */
export interface PaymentsContext {
  app: FastifyInstance;
  /** Null in payment test mode (no STRIPE_SECRET_KEY). */
  stripe: StripeGateway | null;
}

export function createPaymentsContext(app: FastifyInstance): PaymentsContext {
  return { app, stripe: createStripeGateway(app.config.stripe) };
}
