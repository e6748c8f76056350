import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { PaymentPlanSummary } from '../../shared/api/payments.ts';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { formatEurosAndCents } from '../../shared/rules/invoices.ts';
import {
  instalmentCents,
  instalmentDueAt,
  instalmentName,
  paymentPlanMessages,
  planProgressText,
  type PaymentPlanTerms,
} from '../../shared/rules/payment-plans.ts';
import type { Order } from '../../shared/rules/purchase.ts';
import {
  hasPaymentGraceBegun,
  noPaymentGrace,
  type PaymentGrace,
} from '../../shared/rules/payment-grace.ts';
import { moveEnrollmentsEnd } from '../access/enrollments.ts';
import type { Executor, Transaction } from '../db/client.ts';
import { checkoutSessions, paymentPlans } from '../db/schema/payments.ts';
import { AppError } from '../http/errors.ts';
import type { SessionUser } from '../../shared/api/auth.ts';
import { getOwnCheckoutRecord, type CheckoutRecord } from './checkout-records.ts';
import { issueInvoice, type Invoice } from './issue-invoice.ts';
import { singleLine } from '../mail/send-mail.ts';
import type { PaymentsContext } from './payments-context.ts';
import { invoiceAttachment } from './receipt.ts';
import type {
  CheckoutCustomer,
  StripeEvent,
  StripeGateway,
  StripeSubscription,
} from './stripe-client.ts';
import { idOf } from './stripe-client.ts';

type PaymentPlanRow = typeof paymentPlans.$inferSelect;
type StripeInvoice = Extract<StripeEvent, { type: 'invoice.paid' }>['data']['object'];

/** A plan's checkout: the order's one product, at its first monthly payment. */
export interface PlanOrder {
  order: Order;
  terms: PaymentPlanTerms;
  productName: string;
}

/**
 * Turns an order of one product into the first payment of its plan (docs/decisions/037); 400 when
 * the order holds more than one product, the product has no plan, or the bundle carries a credit.
 */
export function planOrder(order: Order): PlanOrder {
  const [product] = order.products;
  if (!product || order.products.length > 1) {
    throw new AppError('bad_request', paymentPlanMessages.oneProduct);
  }
  const terms = product.paymentPlan;
  if (!terms) throw new AppError('bad_request', paymentPlanMessages.noPlan(product.name));
  if (order.creditCents > 0) throw new AppError('bad_request', paymentPlanMessages.withCredit);
  const firstCents = instalmentCents(terms);
  return {
    order: {
      ...order,
      products: [
        {
          ...product,
          name: instalmentName(product.name, 1, terms.count),
          priceCents: firstCents,
        },
      ],
      totalCents: firstCents,
    },
    terms,
    productName: product.name,
  };
}

/**
 * Kept with the checkout, so the plan's terms are those the buyer agreed to; each payment is
 * `chargedCents`, the first one's amount (its price, less the VAT under reverse charge).
 */
export async function savePlanTerms(
  db: Executor,
  checkoutId: string,
  { terms, productName, order }: PlanOrder,
  chargedCents: number,
): Promise<void> {
  await db.insert(paymentPlans).values({
    checkoutId,
    productId: order.products[0]!.id,
    productName,
    count: terms.count,
    instalmentCents: chargedCents,
    paidCount: 0,
    startedAt: new Date(),
  });
}

/**
 * In the fulfilment's transaction: the first payment is made, the access is open, and the next
 * payment falls due a month on. Nothing for a checkout that is not a plan.
 */
export async function startPaymentPlan(
  tx: Transaction,
  record: CheckoutRecord,
  { subscriptionId, now }: { subscriptionId: string | null; now: Date },
): Promise<void> {
  await tx
    .update(paymentPlans)
    .set({
      paidCount: 1,
      status: 'active',
      startedAt: now,
      nextDueAt: instalmentDueAt(now, 2),
      stripeSubscriptionId: subscriptionId,
      updatedAt: now,
    })
    .where(and(eq(paymentPlans.checkoutId, record.id), eq(paymentPlans.paidCount, 0)));
}

/**
 * In the bundle's fulfilment: the buyer's plans for courses the bundle credited end here, with
 * what they paid credited to the bundle (docs/decisions/037), so no later payment is taken.
 * Answers the Stripe subscriptions to cancel once the transaction is committed.
 */
export async function settlePlansCreditedByBundle(
  tx: Transaction,
  bundle: CheckoutRecord,
  now: Date,
): Promise<string[]> {
  if (!bundle.isBundle || !bundle.userId || bundle.creditedCourseIds.length === 0) return [];
  const buyersPlans = tx
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.userId, bundle.userId));
  const settled = await tx
    .update(paymentPlans)
    .set({ status: 'settled', nextDueAt: null, updatedAt: now })
    .where(
      and(
        inArray(paymentPlans.checkoutId, buyersPlans),
        inArray(paymentPlans.productId, bundle.creditedCourseIds),
        eq(paymentPlans.status, 'active'),
      ),
    )
    .returning({ stripeSubscriptionId: paymentPlans.stripeSubscriptionId });
  return settled.flatMap((plan) => (plan.stripeSubscriptionId ? [plan.stripeSubscriptionId] : []));
}

/** The Stripe subscription taking a checkout's plan payments; null for no plan or in test mode. */
export async function planSubscriptionOf(db: Executor, checkoutId: string): Promise<string | null> {
  const [plan] = await db
    .select({ subscriptionId: paymentPlans.stripeSubscriptionId })
    .from(paymentPlans)
    .where(eq(paymentPlans.checkoutId, checkoutId));
  return plan?.subscriptionId ?? null;
}

/**
 * A plan refunded through Stripe: its subscription is cancelled first, so that no payment is
 * taken while the others are refunded, then every payment it took is refunded. Safe to repeat.
 */
export async function refundPlanAtStripe(
  stripe: StripeGateway,
  subscriptionId: string,
): Promise<string[]> {
  const subscription = await stripe.retrieveSubscription(subscriptionId);
  if (subscription.status !== 'canceled') await stripe.cancelSubscription(subscriptionId);
  return stripe.refundSubscriptionPayments(subscriptionId);
}

/** In a refund's transaction: the checkout's plan, if any, takes no more payments. */
export async function endPlanRefunded(tx: Transaction, checkoutId: string): Promise<void> {
  await tx
    .update(paymentPlans)
    .set({ status: 'refunded', nextDueAt: null, ...noPaymentGrace, updatedAt: new Date() })
    .where(eq(paymentPlans.checkoutId, checkoutId));
}

/** Stripe is told to take nothing more; a failure is logged for the operator, never answered. */
export async function cancelPlanSubscriptions(
  context: PaymentsContext,
  subscriptionIds: readonly string[],
): Promise<void> {
  for (const subscriptionId of subscriptionIds) {
    await context.stripe
      ?.cancelSubscription(subscriptionId)
      .catch((error: unknown) =>
        context.app.log.error(
          { err: error, subscriptionId },
          'a payment plan could not be cancelled at Stripe: cancel it in the Dashboard',
        ),
      );
  }
}

interface InstalmentPayment {
  /** Stripe's invoice for this payment; none in payment test mode. */
  stripeInvoiceId: string | null;
  customer: CheckoutCustomer | null;
  now: Date;
  /** Test mode: the payment that failed is taken again, with a working card, whatever the date. */
  isRetry?: boolean;
}

/** Payment test mode: the test page priced the order again (reverse charge); so is each payment. */
export async function chargePlanAt(
  db: Executor,
  checkoutId: string,
  chargedCents: number,
): Promise<void> {
  await db
    .update(paymentPlans)
    .set({ instalmentCents: chargedCents })
    .where(and(eq(paymentPlans.checkoutId, checkoutId), eq(paymentPlans.paidCount, 0)));
}

/** Payment test mode: the buyer chose a card whose later payments decline until it is updated. */
export async function chooseTestCard(
  db: Executor,
  checkoutId: string,
  isDeclining: boolean,
): Promise<void> {
  await db
    .update(paymentPlans)
    .set({ isTestCardDeclining: isDeclining })
    .where(eq(paymentPlans.checkoutId, checkoutId));
}

/**
 * Payment test mode's "update card": the buyer's plan pays with a working test card from now on,
 * and a payment that had failed is taken at once (as Stripe retries the open invoice), which ends
 * the grace and reopens a pause. 404 for a checkout that is no test-mode plan, 403 for another's.
 */
export async function updateTestCard(
  context: PaymentsContext,
  user: SessionUser,
  checkoutId: string,
): Promise<{ isPaid: boolean }> {
  const notFound = new AppError('not_found', 'No payment plan of payment test mode has this id.');
  if (context.stripe) throw notFound;
  const record = await getOwnCheckoutRecord(context, user, checkoutId);
  const [plan] = await context.app.db
    .select()
    .from(paymentPlans)
    .where(eq(paymentPlans.checkoutId, checkoutId));
  if (!plan || record.mode !== 'test') throw notFound;
  await chooseTestCard(context.app.db, checkoutId, false);
  if (!plan.paymentFailedAt) return { isPaid: false };
  const invoice = await recordInstalmentPaid(context, checkoutId, {
    stripeInvoiceId: null,
    customer: null,
    now: new Date(),
    isRetry: true,
  });
  return { isPaid: invoice !== null };
}

/**
 * One later payment of a plan is made: counted once (the plan's row is locked, a Stripe invoice
 * is remembered), invoiced with its own number, and the next one set a month on. Answers the
 * invoice, or null when there was nothing to count.
 */
export async function recordInstalmentPaid(
  context: PaymentsContext,
  checkoutId: string,
  payment: InstalmentPayment,
): Promise<Invoice | null> {
  const paid = await countInstalment(context, checkoutId, payment);
  if (!paid) return null;
  // The mail never undoes the payment, nor holds up the answer to Stripe.
  sendInstalmentReceipt(context, paid).catch((error: unknown) =>
    context.app.log.error({ err: error, checkoutId }, 'an instalment receipt could not be sent'),
  );
  return paid.invoice;
}

interface CountedInstalment {
  record: CheckoutRecord;
  plan: PaymentPlanRow;
  invoice: Invoice | null;
}

async function countInstalment(
  context: PaymentsContext,
  checkoutId: string,
  payment: InstalmentPayment,
): Promise<CountedInstalment | null> {
  const { app } = context;
  return app.db.transaction(async (tx) => {
    const [plan] = await tx
      .select()
      .from(paymentPlans)
      .where(eq(paymentPlans.checkoutId, checkoutId))
      .for('update');
    if (!plan || !isInstalmentDue(plan, payment)) return null;
    const [record] = await tx
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, checkoutId));
    const number = plan.paidCount + 1;
    const invoice = await issueInvoice(tx, {
      record: {
        ...record!,
        items: [
          {
            id: plan.productId,
            name: instalmentName(plan.productName, number, plan.count),
            // Its price as agreed: under reverse charge, the invoice takes the VAT off it.
            priceCents: record!.items[0]?.priceCents ?? plan.instalmentCents,
          },
        ],
        creditCents: 0,
      },
      customer: payment.customer,
      settings: app.settings.current(),
      paidCents: plan.instalmentCents,
      timeZone: app.config.sessions.creatorTimeZone,
      now: payment.now,
      instalment: number,
    });
    const isLast = number >= plan.count;
    const [updated] = await tx
      .update(paymentPlans)
      .set({
        paidCount: number,
        status: isLast ? 'complete' : 'active',
        nextDueAt: isLast ? null : instalmentDueAt(plan.startedAt, number + 1),
        stripeInvoiceIds: payment.stripeInvoiceId
          ? [...plan.stripeInvoiceIds, payment.stripeInvoiceId]
          : plan.stripeInvoiceIds,
        updatedAt: payment.now,
      })
      .where(eq(paymentPlans.checkoutId, checkoutId))
      .returning();
    // A payment made ends a failed payment's grace, and reopens what it paused.
    await savePlanGrace(tx, { plan, record: record! }, noPaymentGrace, payment.now);
    await tx
      .update(checkoutSessions)
      .set({
        amountPaidCents: sql`coalesce(${checkoutSessions.amountPaidCents}, 0) + ${plan.instalmentCents}`,
        updatedAt: payment.now,
      })
      .where(eq(checkoutSessions.id, checkoutId));
    return { record: record!, plan: { ...updated!, ...noPaymentGrace }, invoice };
  });
}

export interface LockedPlan {
  plan: PaymentPlanRow;
  /** The plan's checkout: its buyer, the courses it opened and until when. */
  record: CheckoutRecord;
}

/** A plan and its checkout, the plan's row locked for the transaction; null when no such plan. */
export async function lockPlan(
  tx: Transaction,
  where: { checkoutId: string } | { stripeSubscriptionId: string },
): Promise<LockedPlan | null> {
  const [plan] = await tx
    .select()
    .from(paymentPlans)
    .where(
      'checkoutId' in where
        ? eq(paymentPlans.checkoutId, where.checkoutId)
        : eq(paymentPlans.stripeSubscriptionId, where.stripeSubscriptionId),
    )
    .for('update');
  if (!plan) return null;
  const [record] = await tx
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, plan.checkoutId));
  return record ? { plan, record } : null;
}

/**
 * Saves a plan's failed-payment grace (docs/decisions/038, the rule `nextPaymentGrace`): a pause
 * ends the courses the plan opened now, and the end of the pause gives them back the end their
 * purchase had; rows and progress stay. Answers whether a new episode has begun (to be told).
 */
export async function savePlanGrace(
  tx: Transaction,
  { plan, record }: LockedPlan,
  grace: PaymentGrace,
  now: Date,
): Promise<boolean> {
  const isUnchanged =
    plan.paymentFailedAt?.getTime() === grace.paymentFailedAt?.getTime() &&
    plan.graceEndsAt?.getTime() === grace.graceEndsAt?.getTime() &&
    plan.accessPausedAt?.getTime() === grace.accessPausedAt?.getTime();
  if (isUnchanged) return false;
  await tx
    .update(paymentPlans)
    .set({ ...grace, updatedAt: now })
    .where(eq(paymentPlans.checkoutId, plan.checkoutId));
  const isPausing = !plan.accessPausedAt && grace.accessPausedAt;
  const isResuming = plan.accessPausedAt && !grace.accessPausedAt;
  if (record.userId && (isPausing || isResuming)) {
    await moveEnrollmentsEnd(tx, {
      userId: record.userId,
      courseIds: record.grantedCourseIds,
      expiresAt: isPausing ? 'pause' : (record.accessExpiresAt ?? now),
      source: record.isBundle ? 'bundle' : 'purchase',
      reference: plan.checkoutId,
    });
  }
  return hasPaymentGraceBegun(plan, grace);
}

/** The buyer's mail for a later payment: what was taken, the invoice attached, what comes next. */
async function sendInstalmentReceipt(
  context: PaymentsContext,
  { record, plan, invoice }: CountedInstalment,
): Promise<void> {
  if (!record.userId || !record.receiptEmail) return;
  const progress = planProgressText({
    ...plan,
    nextDueAt: plan.nextDueAt?.toISOString() ?? null,
  });
  await context.app.mailer.send({
    to: record.receiptEmail,
    subject: `Your ${PRODUCT_NAME} payment ${plan.paidCount} of ${plan.count}`,
    text: [
      `Hello ${singleLine(record.customerName ?? '')}`.trim() + ',',
      '',
      `We took ${formatEurosAndCents(plan.instalmentCents)} for ${plan.productName}: ${progress}.`,
      ...(invoice ? [`Invoice: ${invoice.number} (attached as a PDF)`] : []),
      `Order reference: ${record.id}`,
      `Your billing: ${context.app.config.appUrl}/settings?tab=billing`,
    ].join('\n'),
    ...(invoice ? { attachments: [invoiceAttachment(invoice)] } : {}),
  });
}

function isInstalmentDue(plan: PaymentPlanRow, payment: InstalmentPayment): boolean {
  if (plan.status !== 'active' || plan.paidCount === 0 || plan.paidCount >= plan.count) {
    return false;
  }
  if (payment.isRetry) return plan.paymentFailedAt !== null;
  // Stripe took it: count it, once. Test mode: take it only once it is due.
  if (payment.stripeInvoiceId) return !plan.stripeInvoiceIds.includes(payment.stripeInvoiceId);
  return plan.nextDueAt !== null && plan.nextDueAt <= payment.now;
}

/**
 * Payment test mode's plans whose next payment is due at `now`, soonest first: those paying with
 * the card chosen (`isCardDeclining`: the card that declines, whose failure is not yet recorded).
 * A refunded purchase takes no more.
 */
export async function listDueTestPlans(
  db: Executor,
  now: Date,
  { isCardDeclining }: { isCardDeclining: boolean },
): Promise<string[]> {
  const due = await db
    .select({ checkoutId: paymentPlans.checkoutId })
    .from(paymentPlans)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, paymentPlans.checkoutId))
    .where(
      and(
        eq(paymentPlans.status, 'active'),
        lte(paymentPlans.nextDueAt, now),
        eq(checkoutSessions.mode, 'test'),
        isNull(checkoutSessions.refundedAt),
        eq(paymentPlans.isTestCardDeclining, isCardDeclining),
        isCardDeclining ? isNull(paymentPlans.paymentFailedAt) : undefined,
      ),
    )
    .orderBy(asc(paymentPlans.nextDueAt));
  return due.map((plan) => plan.checkoutId);
}

/**
 * Payment test mode's monthly payments: on the clock's tick, each plan whose next payment is due
 * is paid from our own records, as Stripe would take it. A declining test card's payment fails
 * instead (payment-grace.ts), until it is updated.
 */
export async function collectDueTestInstalments(
  context: PaymentsContext,
  now: Date,
): Promise<number> {
  const due = await listDueTestPlans(context.app.db, now, { isCardDeclining: false });
  let paid = 0;
  for (const checkoutId of due) {
    const invoice = await recordInstalmentPaid(context, checkoutId, {
      stripeInvoiceId: null,
      customer: null,
      now,
    });
    if (invoice) paid += 1;
  }
  return paid;
}

/** A plan's subscription: its own records follow it, not the subscriptions table. */
export function isPlanSubscription(subscription: StripeSubscription): boolean {
  return Boolean(subscription.metadata?.paymentPlanCount);
}

/**
 * `invoice.paid` for a plan's subscription: the first invoice is the Checkout's own payment
 * (fulfilment counts it); each later one is an instalment. At the last, the subscription ends
 * with the month it paid for, so Stripe takes nothing more.
 */
export async function handlePlanInvoicePaid(
  context: PaymentsContext,
  stripeInvoice: StripeInvoice,
): Promise<void> {
  const subscriptionId = idOf(stripeInvoice.parent?.subscription_details?.subscription);
  if (!subscriptionId || stripeInvoice.billing_reason === 'subscription_create') return;
  const [plan] = await context.app.db
    .select()
    .from(paymentPlans)
    .where(eq(paymentPlans.stripeSubscriptionId, subscriptionId));
  if (!plan) {
    context.app.log.info(
      { subscriptionId },
      'an invoice of a subscription that is no plan of ours',
    );
    return;
  }
  await recordInstalmentPaid(context, plan.checkoutId, {
    stripeInvoiceId: stripeInvoice.id!,
    customer: invoiceCustomer(stripeInvoice),
    now: new Date(),
  });
  const [after] = await context.app.db
    .select({ status: paymentPlans.status })
    .from(paymentPlans)
    .where(eq(paymentPlans.checkoutId, plan.checkoutId));
  if (after?.status === 'complete')
    await context.stripe?.endSubscriptionAtPeriodEnd(subscriptionId);
}

function invoiceCustomer(stripeInvoice: StripeInvoice): CheckoutCustomer {
  const vatId = stripeInvoice.customer_tax_ids?.find((taxId) => taxId.type === 'eu_vat');
  return {
    name: stripeInvoice.customer_name,
    email: stripeInvoice.customer_email,
    country: stripeInvoice.customer_address?.country ?? null,
    vatNumber: vatId?.value ?? null,
  };
}

/** The user's plans whose first payment is made, newest first: the Billing tab and the admin's view. */
export async function listUserPaymentPlans(
  db: Executor,
  userId: string,
): Promise<PaymentPlanSummary[]> {
  const rows = await db
    .select({ plan: paymentPlans })
    .from(paymentPlans)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, paymentPlans.checkoutId))
    .where(and(eq(checkoutSessions.userId, userId), isNotNull(checkoutSessions.fulfilledAt)))
    .orderBy(desc(paymentPlans.startedAt));
  return rows.map(({ plan }) => ({
    checkoutId: plan.checkoutId,
    productName: plan.productName,
    count: plan.count,
    paidCount: plan.paidCount,
    instalmentCents: plan.instalmentCents,
    nextDueAt: plan.nextDueAt?.toISOString() ?? null,
    status: plan.status,
    graceEndsAt: plan.paymentFailedAt ? (plan.graceEndsAt?.toISOString() ?? null) : null,
    accessPausedAt: plan.accessPausedAt?.toISOString() ?? null,
  }));
}

/** A checkout's plan, for the test payment page. */
export async function getPlanOfCheckout(
  db: Executor,
  checkoutId: string,
): Promise<{ count: number; instalmentCents: number } | null> {
  const [plan] = await db
    .select({ count: paymentPlans.count, instalmentCents: paymentPlans.instalmentCents })
    .from(paymentPlans)
    .where(eq(paymentPlans.checkoutId, checkoutId));
  return plan ?? null;
}
