import { z } from 'zod';
import { totpCodeSchema } from './account.ts';

export const mailModes = ['smtp', 'outbox', 'console'] as const;

/** How many kept mails the admins' Outbox shows a page. */
export const OUTBOX_PAGE_SIZE = 20;

export const mailStatuses = ['queued', 'sent', 'kept', 'failed'] as const;

export const outboxAttachmentSchema = z.object({ filename: z.string(), contentType: z.string() });

export const outboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(mailStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** By name and type; each is downloaded from the attachment route by its place in the list. */
  attachments: z.array(outboxAttachmentSchema),
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

export const outboxAttachmentParamsSchema = z.object({
  id: z.coerce
    .number({ message: 'id must be a whole number' })
    .int('id must be a whole number')
    .min(1, 'id must be 1 or more')
    .max(2_147_483_647, 'id must be at most 2147483647'),
  index: z.coerce
    .number({ message: 'index must be a whole number' })
    .int('index must be a whole number')
    .min(0, 'index must be 0 or more')
    .max(50, 'index must be at most 50'),
});

export const outboxMessages = {
  attachmentNotFound: 'No such attachment: the mail may have been pruned.',
} as const;
