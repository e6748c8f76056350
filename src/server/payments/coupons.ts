import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Coupon, couponInputSchema } from '../../shared/api/coupons.ts';
import {
  applyCoupon,
  couponMessages,
  normaliseCouponCode,
  type OrderDiscount,
} from '../../shared/rules/coupons.ts';
import type { Order } from '../../shared/rules/purchase.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import type { Executor } from '../db/client.ts';
import { checkoutSessions, coupons } from '../db/schema/payments.ts';
import { AppError } from '../http/errors.ts';
import type { PaymentsContext } from './payments-context.ts';

type CouponRow = typeof coupons.$inferSelect;
type CouponInput = z.output<typeof couponInputSchema>;

const UNIQUE_VIOLATION = '23505';

/**
 * How long an unpaid checkout holds a use of its code: a code at its limit is refused while
 * checkouts with it are open, and its Stripe session ends unpaid after this time.
 */
export const COUPON_HOLD_MINUTES = 60;

/** Whether any order, paid or still open, was priced with the code. */
const hasOrders =
  sql<boolean>`exists (select 1 from checkout_sessions where checkout_sessions.coupon_id = coupons.id)`.as(
    'has_orders',
  );

/** The creator's codes, newest first. */
export async function listCoupons(context: PaymentsContext): Promise<{ coupons: Coupon[] }> {
  const rows = await context.app.db
    .select({ coupon: coupons, hasOrders })
    .from(coupons)
    .orderBy(desc(coupons.createdAt));
  return { coupons: rows.map((row) => toCouponView(row.coupon, row.hasOrders)) };
}

export async function createCoupon(context: PaymentsContext, input: CouponInput): Promise<Coupon> {
  const values = couponValues(context.app.catalogue, input);
  const [row] = await withCodeTaken(() =>
    context.app.db.insert(coupons).values(values).returning(),
  );
  return toCouponView(row!, false);
}

/**
 * Changes a code's terms; the uses already counted stay. Once an order was priced with it, its
 * letters and discount stay as they were (the orders, receipts and invoices naming it mean
 * them): its expiry, uses, products and switch still change (docs/decisions/039).
 */
export async function updateCoupon(
  context: PaymentsContext,
  id: string,
  input: CouponInput,
): Promise<Coupon> {
  const values = couponValues(context.app.catalogue, input);
  const row = await context.app.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ coupon: coupons, hasOrders })
      .from(coupons)
      .where(eq(coupons.id, id))
      .for('update', { of: coupons });
    if (!current) throw new AppError('not_found', couponMessages.notFound);
    const { coupon } = current;
    const isTermChanged =
      values.code !== coupon.code || values.kind !== coupon.kind || values.value !== coupon.value;
    if (current.hasOrders && isTermChanged) {
      throw new AppError('conflict', couponMessages.termsKept);
    }
    if (values.maxUses !== null && values.maxUses < coupon.uses) {
      const message = couponMessages.maxUsesBelowUses(coupon.uses);
      throw new AppError('bad_request', `maxUses: ${message}`, { maxUses: message });
    }
    const [updated] = await withCodeTaken(() =>
      tx
        .update(coupons)
        .set({
          ...values,
          // Switching a code off keeps when it first went off; switching it on clears it.
          disabledAt: input.isActive ? null : sql`coalesce(${coupons.disabledAt}, now())`,
          updatedAt: new Date(),
        })
        .where(eq(coupons.id, id))
        .returning(),
    );
    return { coupon: updated!, hasOrders: current.hasOrders };
  });
  return toCouponView(row.coupon, row.hasOrders);
}

function couponValues(catalogue: Catalogue, input: CouponInput) {
  const saleable = new Set([
    ...catalogue.courses.map((course) => course.product.id),
    catalogue.bundle.id,
  ]);
  const unknown = input.productIds.find((productId) => !saleable.has(productId));
  if (unknown) throw new AppError('bad_request', `Unknown course: ${unknown}`);
  return {
    code: normaliseCouponCode(input.code),
    kind: input.kind,
    value: input.value,
    productIds: [...new Set(input.productIds)],
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    maxUses: input.maxUses,
    disabledAt: input.isActive ? null : new Date(),
  };
}

async function withCodeTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === UNIQUE_VIOLATION) {
      throw new AppError('conflict', couponMessages.codeTaken);
    }
    throw error;
  }
}

function toCouponView(row: CouponRow, hasOrders: boolean): Coupon {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    productIds: row.productIds,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    uses: row.uses,
    isActive: row.disabledAt === null,
    hasOrders,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An order priced with a code: the coupon, and what it takes off each line. */
export interface PricedCoupon extends OrderDiscount {
  couponId: string;
  code: string;
}

/**
 * Prices an order with a code, or refuses it (400, in the buyer's words). With `lock`, the
 * code's row stays locked until the caller's transaction ends, so two checkouts cannot both take
 * its last use.
 */
export async function priceWithCoupon(
  db: Executor,
  order: Order,
  typedCode: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<PricedCoupon> {
  const query = db
    .select()
    .from(coupons)
    .where(eq(coupons.code, normaliseCouponCode(typedCode)));
  const [coupon] = lock ? await query.for('update') : await query;
  if (!coupon) throw new AppError('bad_request', couponMessages.unknown);
  const now = new Date();
  const heldUses = coupon.uses + (await countOpenCheckouts(db, coupon.id, now));
  const result = applyCoupon(order, coupon, heldUses, now);
  if (!result.ok) throw new AppError('bad_request', result.message);
  return { couponId: coupon.id, code: coupon.code, ...result };
}

/** Checkouts with the code still waiting to be paid, within their hold. */
async function countOpenCheckouts(db: Executor, couponId: string, now: Date): Promise<number> {
  const holdStart = new Date(now.getTime() - COUPON_HOLD_MINUTES * 60_000);
  const [row] = await db
    .select({ open: count() })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.couponId, couponId),
        eq(checkoutSessions.status, 'open'),
        isNull(checkoutSessions.fulfilledAt),
        gt(checkoutSessions.createdAt, holdStart),
      ),
    );
  return row?.open ?? 0;
}

/** A paid order used its code: counted in the fulfilment's transaction, so exactly once. */
export async function countCouponUse(db: Executor, couponId: string): Promise<void> {
  await db
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(eq(coupons.id, couponId));
}

/** A refunded order gives its use back (in the refund's transaction, so once). */
export async function giveBackCouponUse(db: Executor, couponId: string): Promise<void> {
  await db
    .update(coupons)
    .set({ uses: sql`greatest(${coupons.uses} - 1, 0)` })
    .where(eq(coupons.id, couponId));
}
