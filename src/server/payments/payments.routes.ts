import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bundleOfferResponseSchema,
  businessPriceRequestSchema,
  businessPriceSchema,
  checkCourseAccessRequestSchema,
  checkCourseAccessResponseSchema,
  checkoutSessionResponseSchema,
  confirmCheckoutRequestSchema,
  confirmCheckoutResponseSchema,
  createCheckoutSessionRequestSchema,
  customerPortalRequestSchema,
  customerSubscriptionsQuerySchema,
  customerSubscriptionsResponseSchema,
  invoiceParamsSchema,
  payTestCheckoutBodySchema,
  testCardParamsSchema,
  testCardResponseSchema,
  purchasesResponseSchema,
  redirectResponseSchema,
  testCheckoutParamsSchema,
  testCheckoutSchema,
  urlResponseSchema,
} from '../../shared/api/payments.ts';
import { couponPreviewRequestSchema, couponPreviewSchema } from '../../shared/api/coupons.ts';
import { pendingSessionOf, requireSessionClaim, requireUser } from '../http/guards.ts';
import { limitUserRequests } from '../http/rate-limit.ts';
import { requireFeatureOn } from '../http/feature-switch.ts';
import { adminCouponsRoutes } from './admin-coupons.routes.ts';
import { updateTestCard } from './payment-plans.ts';
import { adminSubscriptionsRoutes } from './admin-subscriptions.routes.ts';
import { createCheckout, previewBusinessPrice, previewCouponPrice } from './create-checkout.ts';
import { createPortalSession } from './create-portal-session.ts';
import { checkCourseAccess, listCustomerSubscriptions } from './customer-access.ts';
import { confirmCheckout } from './fulfil-checkout.ts';
import { getOwnInvoicePdf } from './list-invoices.ts';
import { listSessionPurchases } from './list-purchases.ts';
import { invoiceFileName } from './receipt.ts';
import { getBundleOffer } from './paid-courses.ts';
import { createPaymentsContext, type PaymentsOptions } from './payments-context.ts';
import { stripeWebhookRoutes } from './stripe-webhook.routes.ts';
import { cancelTestCheckout, getTestCheckout, payTestCheckout } from './test-checkout.ts';

/** Each checkout creates a Stripe session and a row: a buyer needs a few, a script thousands. */
export const checkoutRateLimit = {
  name: 'checkout',
  max: 20,
  windowSeconds: 60 * 60,
  message: 'Too many checkouts started. Please try again in an hour.',
};

/** A buyer tries a code or two; a script guessing codes is stopped. */
export const couponPreviewRateLimit = {
  name: 'coupon-preview',
  max: 20,
  windowSeconds: 60 * 60,
  message: 'Too many codes tried. Please try again in an hour.',
};

/** A buyer types a VAT number or two; enough for the shop to price each as it is typed. */
export const businessPriceRateLimit = {
  name: 'business-price',
  max: 60,
  windowSeconds: 60 * 60,
  message: 'Too many prices asked for. Please try again in an hour.',
};

/** Each confirmation asks Stripe; the page asks every 5 s while a payment is processing. */
export const confirmCheckoutRateLimit = {
  name: 'checkout-confirm',
  max: 20,
  windowSeconds: 60,
  message: 'Too many checkout confirmations. Please wait a minute and reload the page.',
};

/** Checkout, fulfilment, billing and the Stripe webhook (spec 1 §7 payment endpoints). */
export async function paymentsRoutes(app: FastifyInstance, options: PaymentsOptions) {
  const context = createPaymentsContext(app, options);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/create-checkout-session',
    {
      preValidation: [requireUser, limitUserRequests(checkoutRateLimit)],
      preHandler: requireFeatureOn('courses'),
      schema: {
        body: createCheckoutSessionRequestSchema,
        response: { 200: checkoutSessionResponseSchema },
      },
    },
    async (request) => createCheckout(context, request.user, request.body),
  );

  routes.post(
    '/api/checkout/coupon-preview',
    {
      preValidation: [requireUser, limitUserRequests(couponPreviewRateLimit)],
      preHandler: requireFeatureOn('courses'),
      schema: { body: couponPreviewRequestSchema, response: { 200: couponPreviewSchema } },
    },
    async (request) => previewCouponPrice(context, request.user, request.body),
  );

  routes.post(
    '/api/checkout/business-price',
    {
      preValidation: [requireUser, limitUserRequests(businessPriceRateLimit)],
      preHandler: requireFeatureOn('courses'),
      schema: { body: businessPriceRequestSchema, response: { 200: businessPriceSchema } },
    },
    async (request) => previewBusinessPrice(context, request.user, request.body),
  );

  routes.get(
    '/api/checkout/bundle-offer',
    { preValidation: requireUser, schema: { response: { 200: bundleOfferResponseSchema } } },
    async (request) => getBundleOffer(context, request.user),
  );

  routes.post(
    '/api/checkout/confirm',
    {
      preValidation: [requireUser, limitUserRequests(confirmCheckoutRateLimit)],
      schema: {
        body: confirmCheckoutRequestSchema,
        response: { 200: confirmCheckoutResponseSchema },
      },
    },
    async (request) => confirmCheckout(context, request.user, request.body.checkoutId),
  );

  routes.get(
    '/api/checkout/test-sessions/:checkoutId',
    {
      preValidation: requireUser,
      schema: { params: testCheckoutParamsSchema, response: { 200: testCheckoutSchema } },
    },
    async (request) => getTestCheckout(context, request.user, request.params.checkoutId),
  );

  routes.post(
    '/api/billing/test-card/:checkoutId',
    {
      preValidation: requireUser,
      schema: { params: testCardParamsSchema, response: { 200: testCardResponseSchema } },
    },
    async (request) => updateTestCard(context, request.user, request.params.checkoutId),
  );

  routes.post(
    '/api/checkout/test-sessions/:checkoutId/pay',
    {
      preValidation: requireUser,
      schema: {
        params: testCheckoutParamsSchema,
        body: payTestCheckoutBodySchema,
        response: { 200: redirectResponseSchema },
      },
    },
    async (request) =>
      payTestCheckout(context, request.user, request.params.checkoutId, request.body),
  );

  routes.post(
    '/api/checkout/test-sessions/:checkoutId/cancel',
    {
      preValidation: requireUser,
      schema: { params: testCheckoutParamsSchema, response: { 200: redirectResponseSchema } },
    },
    async (request) => cancelTestCheckout(context, request.user, request.params.checkoutId),
  );

  routes.post(
    '/api/create-customer-portal-session',
    {
      preValidation: requireUser,
      schema: { body: customerPortalRequestSchema, response: { 200: urlResponseSchema } },
    },
    async (request) => createPortalSession(context, request.user, request.body),
  );

  routes.get(
    '/api/get-customer-subscriptions',
    {
      preValidation: requireUser,
      schema: {
        querystring: customerSubscriptionsQuerySchema,
        response: { 200: customerSubscriptionsResponseSchema },
      },
    },
    async (request) => listCustomerSubscriptions(context, request.user, request.query.customerId),
  );

  routes.post(
    '/api/check-course-access',
    {
      preValidation: requireUser,
      schema: {
        body: checkCourseAccessRequestSchema,
        response: { 200: checkCourseAccessResponseSchema },
      },
    },
    async (request) => checkCourseAccess(context, request.user, request.body),
  );

  routes.get(
    '/api/me/purchases',
    {
      preValidation: requireSessionClaim,
      schema: { response: { 200: purchasesResponseSchema } },
    },
    async (request, reply) => listSessionPurchases(context, pendingSessionOf(request, reply)),
  );

  routes.get(
    '/api/invoices/:invoiceId/pdf',
    { preValidation: requireUser, schema: { params: invoiceParamsSchema } },
    async (request, reply) => {
      const { number, pdf } = await getOwnInvoicePdf(
        app.db,
        request.user,
        request.params.invoiceId,
      );
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${invoiceFileName(number)}"`)
        .send(pdf);
    },
  );

  await app.register(stripeWebhookRoutes, { context });
  await app.register(adminCouponsRoutes, { context });
  await app.register(adminSubscriptionsRoutes, { context });
}
