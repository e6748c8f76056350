import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { inboxStates, refundOutcomes } from '../../../shared/api/inbox.ts';
import { couponKinds } from '../../../shared/rules/coupons.ts';
import { invoiceKinds, vatTreatments } from '../../../shared/rules/invoices.ts';
import { paymentPlanStatuses } from '../../../shared/rules/payment-plans.ts';
import { checkoutStatuses, paymentStatuses } from '../../../shared/rules/purchase.ts';
import type { SellerDetails } from '../../../shared/rules/settings.ts';
import { bytea } from '../bytea-column.ts';
import { users } from './auth.ts';

const checkoutModes = ['stripe', 'test'] as const;

/**
 * Discount codes the creator makes in the admin panel (docs/decisions/039-coupons.md). A code is
 * stored in capitals, so it is unique whatever case it is typed in; `uses` counts the paid orders
 * that used it, once each, in their fulfilment.
 */
export const coupons = pgTable('coupons', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  kind: text('kind', { enum: couponKinds }).notNull(),
  /** A percentage (1 to 100) or an amount in cents. */
  value: integer('discount_value').notNull(),
  /** The products it applies to (course product ids, the bundle id); empty for all. */
  productIds: text('product_ids')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  maxUses: integer('max_uses'),
  uses: integer('uses').notNull().default(0),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export interface OrderItem {
  id: string;
  name: string;
  priceCents: number;
  /** This item's share of a discount code (absent on orders without one). */
  discountCents?: number;
}

/**
 * Every checkout we start, with the order rebuilt from the catalogue. The primary key is the
 * Checkout session id: fulfilment locks this row, so a session grants access once however many
 * times the webhook and the success page report it.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    /** Stripe's Checkout session id, or our own in payment test mode. */
    id: text('id').primaryKey(),
    /** null once the buyer deleted their account: the payment record is kept, anonymised. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    mode: text('mode', { enum: checkoutModes }).notNull(),
    items: jsonb('items').$type<OrderItem[]>().notNull(),
    courseIds: text('course_ids').array().notNull(),
    isBundle: boolean('is_bundle').notNull(),
    /** What the buyer is asked to pay: the order's prices less the credit. */
    amountCents: integer('amount_cents').notNull(),
    /** Taken off a bundle for courses in it the buyer had already paid for (docs/decisions/021). */
    creditCents: integer('credit_cents').notNull().default(0),
    creditedCourseIds: text('credited_course_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The discount code the order was priced with, and what it took off (already out of amountCents). */
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    discountCents: integer('discount_cents').notNull().default(0),
    customerName: text('customer_name'),
    /** A business buyer's VAT number, given on our side (shown on its invoice). */
    buyerVatNumber: text('buyer_vat_number'),
    /**
     * Reverse charge (docs/decisions/036): the rate, in basis points, whose VAT was taken out of
     * the consumer price, and the VAT taken off (already out of amountCents); null otherwise.
     */
    reverseChargeRate: integer('reverse_charge_rate'),
    vatRemovedCents: integer('vat_removed_cents').notNull().default(0),
    /** The billing country the test-mode checkout page asked for (Stripe's own is read from it). */
    billingCountry: text('billing_country'),
    receiptEmail: text('receipt_email').notNull(),
    message: text('message'),
    /** Where the buyer lands after paying, when not the dashboard (a booked session's page). */
    returnPath: text('return_path'),
    status: text('status', { enum: checkoutStatuses }).notNull().default('open'),
    paymentStatus: text('payment_status', { enum: paymentStatuses }).notNull().default('unpaid'),
    paymentIntentId: text('payment_intent_id'),
    /** What the buyer paid, promotion codes included; set when the payment completes. */
    amountPaidCents: integer('amount_paid_cents'),
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    /** The courses this purchase enrolled in (owned ones are skipped), revoked on a refund. */
    grantedCourseIds: text('granted_course_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Courses of a bundle not released when it was paid: they open, and their year starts, at release. */
    awaitingReleaseCourseIds: text('awaiting_release_course_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('checkout_sessions_user_idx').on(table.userId),
    index('checkout_sessions_payment_intent_idx').on(table.paymentIntentId),
    index('checkout_sessions_open_coupon_idx')
      .on(table.couponId)
      .where(sql`${table.status} = 'open'`),
    // The admin overview's purchases and revenue, all time and per week, read from the index
    // alone: at 200,000 purchases the table itself is hundreds of MB of orders.
    index('checkout_sessions_fulfilled_idx')
      .on(table.fulfilledAt, table.amountPaidCents, table.amountCents)
      .where(sql`${table.fulfilledAt} is not null and ${table.refundedAt} is null`),
  ],
);

/** Each Stripe event id once: a redelivered event is acknowledged without being handled again. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export interface SubscriptionItem {
  id: string;
  productId: string;
  priceId: string | null;
  quantity: number | null;
}

/** Stripe subscriptions of our customers, as the latest event told us. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    status: text('status').notNull(),
    productId: text('product_id').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    items: jsonb('items').$type<SubscriptionItem[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The creation time of the event this state came from: an older event never overwrites it. */
    eventCreatedAt: timestamp('event_created_at', { withTimezone: true }).notNull(),
    /** When a renewal payment first failed in the present episode; null when paid up. */
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    /** Until when the courses stay open while Stripe retries (docs/decisions/038). */
    graceEndsAt: timestamp('grace_ends_at', { withTimezone: true }),
    /** When the grace ran out and the courses closed: recorded once, by the clock. */
    accessPausedAt: timestamp('access_paused_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('subscriptions_user_idx').on(table.userId)],
);

/**
 * A learner's request for their money back on one purchase: kept (not pruned with the outbox)
 * for as long as the purchase it names, so the 30-day guarantee can always be answered. The
 * creator refunds or declines it from the admin panel's Inbox.
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkoutId: text('checkout_id')
      .notNull()
      .references(() => checkoutSessions.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    state: text('state', { enum: inboxStates }).notNull().default('new'),
    /** What the creator decided; null while it waits. */
    outcome: text('outcome', { enum: refundOutcomes }),
    /** Mailed to the learner with a decline. */
    declineReason: text('decline_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('refund_requests_user_idx').on(table.userId),
    index('refund_requests_checkout_idx').on(table.checkoutId),
    index('refund_requests_created_at_idx').on(table.createdAt),
  ],
);

/** The buyer as the invoice names them, from Stripe's customer details (or the order's form). */
export interface InvoiceBuyer {
  name: string;
  email: string;
  /** ISO 3166 code of the billing address; null when none was collected (payment test mode). */
  country: string | null;
  /** A business buyer's VAT number: with it, another member state's buyer gets reverse charge. */
  vatNumber: string | null;
}

export interface InvoiceLine {
  description: string;
  netCents: number;
  vatCents: number;
  grossCents: number;
}

/**
 * The last number given in each series (invoice or credit note, live or test) and year. The
 * number is taken with an upsert that locks this row until the issuing transaction ends, so
 * numbers follow each other without a gap or a repeat (docs/decisions/036).
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    kind: text('kind', { enum: invoiceKinds }).notNull(),
    isTest: boolean('is_test').notNull(),
    year: integer('year').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.isTest, table.year] })],
);

/**
 * Invoices of paid orders and credit notes of refunds: what was printed, kept as issued (seller,
 * buyer, lines, VAT and the PDF itself), even after the buyer deletes their account.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: invoiceKinds }).notNull(),
    isTest: boolean('is_test').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull().unique(),
    checkoutId: text('checkout_id')
      .notNull()
      .references(() => checkoutSessions.id),
    /** null once the buyer deleted their account: the tax record stays, under the buyer's details. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A credit note's invoice. */
    creditedInvoiceId: integer('credited_invoice_id'),
    /** Which payment of a payment plan this invoice is for; 1 for an order paid at once. */
    instalment: integer('instalment').notNull().default(1),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    seller: jsonb('seller').$type<SellerDetails>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceBuyer>().notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    vatTreatment: text('vat_treatment', { enum: vatTreatments }).notNull(),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    /** Negative on a credit note. */
    netCents: integer('net_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    grossCents: integer('gross_cents').notNull(),
    currency: text('currency').notNull(),
    pdf: bytea('pdf').notNull(),
  },
  (table) => [
    unique('invoices_series_sequence').on(table.kind, table.isTest, table.year, table.sequence),
    // One invoice per order (per payment of a plan) and one credit note per invoice.
    uniqueIndex('invoices_one_per_checkout').on(table.checkoutId, table.kind, table.instalment),
    index('invoices_user_idx').on(table.userId),
  ],
);

/**
 * A purchase paid in monthly payments (docs/decisions/037): its Checkout session opens the
 * access at the first payment; this row follows the rest. The buyer is the checkout's.
 */
export const paymentPlans = pgTable(
  'payment_plans',
  {
    checkoutId: text('checkout_id')
      .primaryKey()
      // An unpaid checkout is deleted with its account, and its plan with it.
      .references(() => checkoutSessions.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    productName: text('product_name').notNull(),
    count: integer('count').notNull(),
    instalmentCents: integer('instalment_cents').notNull(),
    paidCount: integer('paid_count').notNull(),
    /** When the next payment is taken; null once every payment is made. */
    nextDueAt: timestamp('next_due_at', { withTimezone: true }),
    status: text('status', { enum: paymentPlanStatuses }).notNull().default('open'),
    /** The Stripe subscription taking the payments; null in payment test mode. */
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    /** The Stripe invoices already counted, so a redelivered event counts none twice. */
    stripeInvoiceIds: text('stripe_invoice_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** A later payment failed (docs/decisions/038): the episode's first failure, its grace, its pause. */
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    graceEndsAt: timestamp('grace_ends_at', { withTimezone: true }),
    accessPausedAt: timestamp('access_paused_at', { withTimezone: true }),
    /** Payment test mode: the card chosen at the test checkout declines later payments until updated. */
    isTestCardDeclining: boolean('is_test_card_declining').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_plans_due_idx')
      .on(table.nextDueAt)
      .where(sql`status = 'active'`),
  ],
);
