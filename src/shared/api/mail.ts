import { z } from 'zod';
import { totpCodeSchema } from './account.ts';

export const mailModes = ['smtp', 'outbox', 'console'] as const;

/** How many kept mails the admins' Outbox shows a page. */
export const OUTBOX_PAGE_SIZE = 20;

export const outboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  /** A link that signs in or sets a password is hidden until an admin reveals it (T4-M2). */
  hasHiddenLink: z.boolean(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxMailParamsSchema = z.object({
  id: z.coerce
    .number({ message: 'expected a mail id' })
    .int('expected a mail id')
    .min(1, 'expected a mail id')
    .max(2 ** 31 - 1, 'expected a mail id'),
});
/** A fresh code from the admin's authenticator: revealing a sign-in link is a second-factor act. */
export const revealOutboxMailSchema = totpCodeSchema.pick({ code: true });
export const revealedOutboxMailSchema = outboxMailSchema;

/** A page of the mail kept without SMTP, newest first, and how mail leaves the app. */
export const outboxPageSchema = z.object({
  mailMode: z.enum(mailModes),
  mails: z.array(outboxMailSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;

export const outboxQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'page must be a whole number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(100_000, 'page must be at most 100000')
    .default(1),
});
