import { z } from 'zod';

/** Where an item of the creator's Inbox stands: the admin moves it by hand. */
export const inboxStates = ['new', 'answered', 'closed'] as const;
export type InboxState = (typeof inboxStates)[number];

export const inboxKinds = ['assessment', 'refund-request', 'contact-message'] as const;
export type InboxKind = (typeof inboxKinds)[number];

export const refundOutcomes = ['refunded', 'declined'] as const;
export type RefundOutcome = (typeof refundOutcomes)[number];

export const inboxMessages = {
  notFound: 'No inbox item with this id.',
  alreadyDecided: 'This refund request has already been answered.',
  alreadyRequested:
    'You have already asked for a refund of this order. We will answer you by email.',
  alreadyRefunded: 'This order has already been refunded.',
  declineReasonRequired: 'Please give the learner a reason',
} as const;

const stateSchema = z.enum(inboxStates, { message: 'state must be new, answered or closed' });

export const inboxQuerySchema = z.object({
  /** Only the items in this state; all of them when absent. */
  state: stateSchema.optional(),
});

export const inboxRefundSchema = z.object({
  purchaseId: z.string(),
  purchasedAt: z.string().nullable(),
  items: z.array(z.string()),
  amountPaidCents: z.number().int(),
  isWithinGuarantee: z.boolean(),
  reason: z.string(),
  outcome: z.enum(refundOutcomes).nullable(),
  declineReason: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** Bought in monthly payments: how many, and how many are made. */
  plan: z.object({ count: z.number().int(), paidCount: z.number().int() }).nullable(),
});

export const inboxItemSchema = z.object({
  kind: z.enum(inboxKinds),
  id: z.string(),
  createdAt: z.string(),
  state: stateSchema,
  name: z.string(),
  email: z.string(),
  /** Set on a refund request. */
  refund: inboxRefundSchema.nullable(),
  /** Set on a contact message: what the visitor wrote. */
  message: z.string().nullable(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

/** Newest first, at most INBOX_LIMIT of each kind. */
export const inboxSchema = z.object({
  items: z.array(inboxItemSchema),
  newCount: z.number().int(),
});
export type Inbox = z.infer<typeof inboxSchema>;
export const INBOX_LIMIT = 200;

export const inboxItemParamsSchema = z.object({
  kind: z.enum(inboxKinds, {
    message: 'kind must be assessment, refund-request or contact-message',
  }),
  id: z.uuid({ message: 'id must be an inbox item id' }),
});

export const refundRequestParamsSchema = z.object({
  id: z.uuid({ message: 'id must be a refund request id' }),
});

export const inboxStateSchema = z.object({ state: stateSchema });

export const declineRefundSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, inboxMessages.declineReasonRequired)
    .max(2000, 'The reason can be at most 2000 characters'),
});
export type DeclineRefundInput = z.input<typeof declineRefundSchema>;
