import { formatDate } from './dates.ts';
import { formatEurosAndCents } from './invoices.ts';

/** What the creator sets for a product: how many monthly payments, and what they add up to. */
export interface PaymentPlanTerms {
  count: number;
  priceCents: number;
}

/**
 * open: its Checkout is not paid yet; active: paying monthly; complete: every payment made;
 * settled: ended early, what was paid credited to the bundle bought since (decision 037);
 * refunded: every payment made was refunded and no more are taken.
 */
export const paymentPlanStatuses = ['open', 'active', 'complete', 'settled', 'refunded'] as const;
export type PaymentPlanStatus = (typeof paymentPlanStatuses)[number];

export const PLAN_MIN_PAYMENTS = 2;
export const PLAN_MAX_PAYMENTS = 12;

/**
 * One monthly payment: the plan's price shared equally, rounded up to the cent (Stripe charges
 * the same amount each month), so €125 in 3 is 3 × €41.67.
 */
export function instalmentCents(terms: PaymentPlanTerms): number {
  return Math.ceil(terms.priceCents / terms.count);
}

/** What the plan takes in all: its payments together (never less than the price set). */
export function planTotalCents(terms: PaymentPlanTerms): number {
  return instalmentCents(terms) * terms.count;
}

/** The shop's offer beside the full price: "or 3 payments of €41.67". */
export function planOfferText(terms: PaymentPlanTerms): string {
  return `or ${terms.count} payments of ${formatEurosAndCents(instalmentCents(terms))}`;
}

/** An instalment's line on its invoice and in the purchase list. */
export function instalmentName(productName: string, number: number, count: number): string {
  return `${productName} (payment ${number} of ${count})`;
}

/** The day an instalment falls due: a month after the one before, from the first payment. */
export function instalmentDueAt(firstPaidAt: Date, number: number): Date {
  const due = new Date(firstPaidAt);
  const day = due.getUTCDate();
  due.setUTCMonth(due.getUTCMonth() + number - 1, 1);
  // 31 January + 1 month is the last day of February, not 3 March.
  const lastDay = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() + 1, 0)).getUTCDate();
  due.setUTCDate(Math.min(day, lastDay));
  return due;
}

/** Under a plan's first payment: "Then €41.67 on the same day of each of the next 2 months." */
export function planScheduleText(plan: { count: number; instalmentCents: number }): string {
  const months =
    plan.count - 1 === 1 ? 'the next month' : `each of the next ${plan.count - 1} months`;
  return `Payment 1 of ${plan.count}. Then ${formatEurosAndCents(plan.instalmentCents)} on the same day of ${months}.`;
}

export interface PlanProgress {
  status?: PaymentPlanStatus;
  count: number;
  paidCount: number;
  instalmentCents: number;
  nextDueAt: string | null;
}

/** A plan as agreed, on the Billing tab and the admin's user view: "Energy Sovereignty: 3 monthly payments of €41.67". */
export function planTermsText(plan: {
  productName: string;
  count: number;
  instalmentCents: number;
}): string {
  return `${plan.productName}: ${plan.count} monthly payments of ${formatEurosAndCents(plan.instalmentCents)}`;
}

/** What remains to pay on a plan, in cents. */
export function remainingCents(plan: PlanProgress): number {
  return (plan.count - plan.paidCount) * plan.instalmentCents;
}

/** "Payment 1 of 3 · next on Dec 28, 2026 · €83.34 remaining", or "Paid in full: 3 of 3". */
export function planProgressText(plan: PlanProgress): string {
  if (plan.status === 'settled') {
    return `Ended with the bundle: ${plan.paidCount} of ${plan.count} payments made, credited to it`;
  }
  if (plan.status === 'refunded') {
    return `Refunded: ${plan.paidCount} of ${plan.count} payments made, all refunded; no more are taken`;
  }
  if (plan.paidCount >= plan.count || !plan.nextDueAt) {
    return `Paid in full: ${plan.count} of ${plan.count} payments`;
  }
  return [
    `Payment ${plan.paidCount} of ${plan.count}`,
    `next on ${formatDate(plan.nextDueAt)}`,
    `${formatEurosAndCents(remainingCents(plan))} remaining`,
  ].join(' · ');
}

export const paymentPlanMessages = {
  oneProduct: 'A payment plan is for one course or the bundle: choose one.',
  noPlan: (name: string) => `${name} can only be paid in full.`,
  withCredit: 'The bundle with a credit for courses already paid for can only be paid in full.',
} as const;
