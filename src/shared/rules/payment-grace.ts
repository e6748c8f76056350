/** Failed renewals (docs/decisions/038): how long a learner keeps access while a card is retried. */

import { isSubscriptionGranting } from './access.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Stripe's states of a renewal left unpaid: still retried (past_due), or given up on (unpaid). */
const unpaidStatuses = new Set(['past_due', 'unpaid']);

export interface PaymentGrace {
  /** The first failure of the present episode: later retries failing do not move it. */
  paymentFailedAt: Date | null;
  graceEndsAt: Date | null;
  /** When the courses closed because the payment stayed unpaid. */
  accessPausedAt: Date | null;
}

export const noPaymentGrace: PaymentGrace = {
  paymentFailedAt: null,
  graceEndsAt: null,
  accessPausedAt: null,
};

export interface PaymentGraceMoment {
  /** When Stripe reported the state (its event's time). */
  reportedAt: Date;
  now: Date;
  graceDays: number;
}

/**
 * The grace after a subscription moves to `status`: an unpaid state begins an episode (once) of
 * `graceDays` from the report; any other state (paid again, canceled) ends it. Access is paused
 * as soon as the subscription stops granting within the episode.
 */
export function nextPaymentGrace(
  stored: PaymentGrace | undefined,
  subscription: { status: string; cancelAtPeriodEnd: boolean },
  moment: PaymentGraceMoment,
): PaymentGrace {
  if (!unpaidStatuses.has(subscription.status)) return noPaymentGrace;
  const episode: PaymentGrace = stored?.paymentFailedAt
    ? { ...pickGrace(stored) }
    : {
        paymentFailedAt: moment.reportedAt,
        graceEndsAt: new Date(moment.reportedAt.getTime() + moment.graceDays * DAY_MS),
        accessPausedAt: null,
      };
  const isGranting = isSubscriptionGranting(
    { ...subscription, productId: '', graceEndsAt: episode.graceEndsAt },
    moment.now,
  );
  return {
    ...episode,
    accessPausedAt: isGranting ? null : (episode.accessPausedAt ?? moment.now),
  };
}

/** A new episode is told to the learner once; a failure straight to unpaid leaves no grace to tell. */
export function hasPaymentGraceBegun(
  stored: PaymentGrace | undefined,
  next: PaymentGrace,
): boolean {
  return !stored?.paymentFailedAt && next.paymentFailedAt !== null && next.accessPausedAt === null;
}

function pickGrace({ paymentFailedAt, graceEndsAt, accessPausedAt }: PaymentGrace): PaymentGrace {
  return { paymentFailedAt, graceEndsAt, accessPausedAt };
}
