import type { FastifyInstance } from 'fastify';
import { bodyLimits } from '../http/body-limits.ts';
import { AppError } from '../http/errors.ts';
import { handleStripeEvent } from './handle-stripe-event.ts';
import type { PaymentsContext } from './payments-context.ts';
import type { StripeEvent } from './stripe-client.ts';

/**
 * Stripe signs the exact bytes it sends, so this route alone keeps the raw body: it lives in a
 * plugin of its own whose only content-type parser hands the handler a Buffer.
 */
export async function stripeWebhookRoutes(
  app: FastifyInstance,
  { context }: { context: PaymentsContext },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/api/stripe/webhook', { bodyLimit: bodyLimits.stripeEvent }, async (request) => {
    if (!context.stripe) {
      throw new AppError('not_found', 'Stripe is not configured: the app is in payment test mode.');
    }
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
      throw new AppError('bad_request', 'Expected a signed Stripe event.');
    }
    let event: StripeEvent;
    try {
      event = await context.stripe.constructEvent(request.body, signature);
    } catch {
      throw new AppError('bad_request', 'The Stripe signature is invalid or too old.');
    }
    await handleStripeEvent(context, event);
    return { received: true };
  });
}
