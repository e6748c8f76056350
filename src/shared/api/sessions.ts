/** One-to-one illumination sessions (issue 22): booking, the learner's sessions, the creator's view. */
import { z } from 'zod';
import { isWebAddress } from './account.ts';
import { wallClockPattern } from '../rules/session-slots.ts';
import { isTimeZone, sessionStatuses } from '../rules/sessions.ts';

export const sessionMessages = {
  slotTaken: 'That time was just booked by someone else. Please choose another time.',
  slotNotOpen: 'That time is not open for booking. Please choose one of the times shown.',
  notSold: 'One-to-one sessions are not offered at the moment.',
  notFound: 'Session not found',
  notYours: 'This session belongs to another account.',
  notBooked: 'Only a booked session can be changed.',
  notInCalendar: 'Only a booked session can be added to a calendar.',
  confirmAddressFirst:
    'Please confirm your email address before you choose a time: open the link we sent you.',
  holdInProgress: 'You are already holding a time. Please wait a moment and try again.',
  tooManyReschedules: (count: number) =>
    `This session has been moved ${count} times today. Please try again tomorrow.`,
  tooLateToReschedule: (hours: number, contact: string | null) =>
    `Sessions can be rescheduled up to ${hours} hours before they start.${contact ? ` To change this one, write to ${contact}.` : ''}`,
  tooLateToCancel: (hours: number) =>
    `Sessions can be cancelled up to ${hours} hours before they start.`,
  meetingUrlInvalid: 'expected an https:// address',
  hoursInvalid: 'expected a time such as 09:00',
  hoursOrder: 'each opening must end after it starts',
  blockOrder: 'each block must end after it starts',
} as const;

const instant = z
  .string()
  .max(40, { message: 'expected a date and time', abort: true })
  .pipe(z.iso.datetime({ offset: true, message: 'expected a date and time' }));

const meetingUrl = z
  .string()
  .trim()
  .max(500, { message: 'The address can be at most 500 characters', abort: true })
  .refine((value) => value === '' || (value.startsWith('https://') && isWebAddress(value)), {
    message: sessionMessages.meetingUrlInvalid,
  });

export const sessionIdParamsSchema = z.object({ id: z.uuid('expected a session id') });

export const slotSchema = z.object({ startsAt: z.string(), endsAt: z.string() });
export type Slot = z.infer<typeof slotSchema>;

/** What a visitor reads before signing in: the session's name, price and length. */
export const sessionOfferSchema = z.object({
  name: z.string(),
  priceCents: z.number().int(),
  sessionMinutes: z.number().int(),
});
export type SessionOffer = z.infer<typeof sessionOfferSchema>;

export const slotsResponseSchema = z.object({
  product: z.object({ name: z.string(), priceCents: z.number().int() }),
  sessionMinutes: z.number().int(),
  slots: z.array(slotSchema),
});
export type SlotsResponse = z.infer<typeof slotsResponseSchema>;

export const bookSessionSchema = z.object({
  startsAt: instant,
  /** The learner's own zone, for the times in their mail. */
  timeZone: z
    .string()
    .max(64, { message: 'expected a time zone such as Europe/London', abort: true })
    .refine(isTimeZone, 'expected a time zone such as Europe/London')
    .optional(),
});
export const bookSessionResponseSchema = z.object({
  sessionId: z.string(),
  checkoutUrl: z.string(),
  holdExpiresAt: z.string(),
});
export type BookSessionResponse = z.infer<typeof bookSessionResponseSchema>;

export const rescheduleSessionSchema = z.object({ startsAt: instant });

export const learnerSessionSchema = z.object({
  id: z.string(),
  status: z.enum(sessionStatuses),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The meeting link, only once Join is open (10 minutes before the start). */
  joinUrl: z.string().nullable(),
  joinOpensAt: z.string(),
  canReschedule: z.boolean(),
  /** Cancel with a full refund: until the cut-off, or until the end while it has no meeting link. */
  canCancel: z.boolean(),
  /** Whether the creator has given the session a meeting link yet (the link itself waits for Join). */
  hasMeetingLink: z.boolean(),
  rescheduleCutoffHours: z.number().int(),
  /** Whom to write to once rescheduling has closed. */
  contactEmail: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export type LearnerSession = z.infer<typeof learnerSessionSchema>;

export const cancelOwnSessionResponseSchema = z.object({
  session: learnerSessionSchema,
  isRefunded: z.boolean(),
});
export type CancelOwnSessionResponse = z.infer<typeof cancelOwnSessionResponseSchema>;

export const learnerSessionsResponseSchema = z.object({
  upcoming: z.array(learnerSessionSchema),
  past: z.array(learnerSessionSchema),
});
export type LearnerSessionsResponse = z.infer<typeof learnerSessionsResponseSchema>;

const wallClock = z
  .string()
  .max(5, { message: sessionMessages.hoursInvalid, abort: true })
  .regex(wallClockPattern, sessionMessages.hoursInvalid);
const localDateTime = z
  .string()
  .max(16, { message: 'expected a date and time such as 2026-12-24T09:00', abort: true })
  .pipe(
    z.iso.datetime({ local: true, message: 'expected a date and time such as 2026-12-24T09:00' }),
  );

const openingHoursSchema = z
  .object({ weekday: z.number().int().min(1).max(7), start: wallClock, end: wallClock })
  .refine((hours) => hours.start < hours.end, { message: sessionMessages.hoursOrder });
const blockSchema = z
  .object({ startsAt: localDateTime, endsAt: localDateTime })
  .refine((block) => block.startsAt < block.endsAt, { message: sessionMessages.blockOrder });

/** The creator's availability as the admin panel writes it: times on the creator's clock. */
export const availabilitySchema = z.object({
  weeklyHours: z.array(openingHoursSchema).max(50),
  blocks: z.array(blockSchema).max(200),
  sessionMinutes: z.number().int().min(15).max(240),
  bufferMinutes: z.number().int().min(0).max(120),
  noticeHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 30),
  horizonDays: z.number().int().min(1).max(365),
  rescheduleCutoffHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 30),
  defaultMeetingUrl: meetingUrl,
});
export type Availability = z.infer<typeof availabilitySchema>;

export const saleRequirements = ['hours', 'meetingLink'] as const;

export const availabilityResponseSchema = availabilitySchema.extend({
  timeZone: z.string(),
  /** What the creator must still save before sessions are offered for sale; empty once on sale. */
  missingForSale: z.array(z.enum(saleRequirements)),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;

export const adminSessionSchema = z.object({
  id: z.string(),
  status: z.enum(sessionStatuses),
  startsAt: z.string(),
  endsAt: z.string(),
  learner: z.object({ name: z.string(), email: z.string() }).nullable(),
  meetingUrl: z.string().nullable(),
  isPaid: z.boolean(),
  isTestPayment: z.boolean(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const adminSessionsResponseSchema = z.object({ sessions: z.array(adminSessionSchema) });
export type AdminSessionsResponse = z.infer<typeof adminSessionsResponseSchema>;

export const meetingLinkSchema = z.object({ meetingUrl });

export const cancelSessionSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(500, { message: 'The reason can be at most 500 characters', abort: true }),
});
export const cancelSessionResponseSchema = z.object({
  session: adminSessionSchema,
  isRefunded: z.boolean(),
});
