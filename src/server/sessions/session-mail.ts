import type { FastifyInstance } from 'fastify';
import { createEvent } from 'ics';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { formatTimeSpanInZone } from '../../shared/rules/dates.ts';
import { singleLine, type MailAttachment, type MailMessage } from '../mail/send-mail.ts';
import { findUserById } from '../users/find-users.ts';
import { getAvailability } from './availability.ts';
import type { Booking } from './slot-claims.ts';

export type SessionMailKind = 'confirmation' | 'reschedule' | 'reminder' | 'cancellation';
/** Who gets this mail: a reschedule's creator copy can wait (creator-copies.ts). */
export type MailRecipients = 'both' | 'learner' | 'creator';

const subjects: Record<SessionMailKind, string> = {
  confirmation: 'Your one-to-one session is booked',
  reschedule: 'Your one-to-one session has moved',
  reminder: 'Your one-to-one session is tomorrow',
  cancellation: 'Your one-to-one session is cancelled',
};

const openings: Record<SessionMailKind, string> = {
  confirmation: 'Your One-to-One Illumination Session is booked.',
  reschedule: 'Your One-to-One Illumination Session has a new time.',
  reminder: 'A reminder: your One-to-One Illumination Session is tomorrow.',
  cancellation: 'Your One-to-One Illumination Session has been cancelled.',
};

/**
 * The learner's mail and the creator's copy, each with the session as a calendar file (the same
 * UID every time, its SEQUENCE the booking's revision, so a calendar moves or removes the event
 * it already has). A mail failure is logged; it never undoes the booking.
 */
export async function sendSessionMail(
  app: FastifyInstance,
  booking: Booking,
  kind: SessionMailKind,
  {
    defaultMeetingUrl,
    note,
    recipients = 'both',
  }: { defaultMeetingUrl: string | null; note?: string; recipients?: MailRecipients },
): Promise<void> {
  const learner = booking.userId ? await findUserById(app.db, booking.userId) : null;
  const calendarFile = calendarFileOf(app, booking, kind, defaultMeetingUrl);
  const messages: MailMessage[] = [];
  if (learner && recipients !== 'creator') {
    messages.push({
      to: learner.email,
      subject: subjects[kind],
      text: learnerText(app, booking, kind, learner.firstName, note),
      attachments: [calendarFile],
    });
  }
  const { creatorEmail, creatorTimeZone } = app.config.sessions;
  if (creatorEmail && recipients !== 'learner') {
    const who = learner
      ? `${singleLine(`${learner.firstName} ${learner.lastName}`)} <${learner.email}>`
      : 'a deleted account';
    messages.push({
      to: creatorEmail,
      subject: `${subjects[kind]}: ${who}`,
      text: [
        `${openings[kind]} Learner: ${who}.`,
        '',
        `When: ${describeTime(booking, creatorTimeZone)}`,
        ...(note ? ['', `Note: ${singleLine(note, 500)}`] : []),
        ...(kind !== 'cancellation' && !(booking.meetingUrl ?? defaultMeetingUrl)
          ? ['', 'This session has no meeting link yet: add one in the Sessions tab.']
          : []),
        '',
        `Your sessions: ${app.config.appUrl}/admin?tab=sessions`,
      ].join('\n'),
      attachments: [calendarFile],
    });
  }
  for (const message of messages) {
    await app.mailer
      .send(message)
      .catch((error: unknown) =>
        app.log.error(
          { err: error, sessionId: booking.id, kind },
          'a session mail could not be sent',
        ),
      );
  }
}

function learnerText(
  app: FastifyInstance,
  booking: Booking,
  kind: SessionMailKind,
  firstName: string,
  note: string | undefined,
): string {
  const link = `${app.config.appUrl}/sessions/${booking.id}`;
  return [
    `Hello ${singleLine(firstName)},`.replace('Hello ,', 'Hello,'),
    '',
    openings[kind],
    '',
    `When: ${describeTime(booking, booking.learnerTimeZone)}`,
    ...(note ? ['', singleLine(note, 500)] : []),
    '',
    kind === 'cancellation'
      ? 'Where it was paid for, the payment is refunded to the card it came from.'
      : `Join from the session's page, from 10 minutes before the start: ${link}`,
    '',
    kind === 'cancellation'
      ? 'The calendar file attached removes it from your calendar.'
      : 'The calendar file attached adds it to your calendar.',
  ].join('\n');
}

/** "Monday, Jan 5, 2026, 09:00–10:00 (Europe/London)". */
export function describeTime(booking: Pick<Booking, 'startsAt' | 'endsAt'>, timeZone: string) {
  return formatTimeSpanInZone(booking.startsAt, booking.endsAt, timeZone);
}

/** The session as a calendar file: the one each mail carries, and the page's Add to calendar. */
export function calendarFileOf(
  app: FastifyInstance,
  booking: Booking,
  kind: SessionMailKind,
  defaultMeetingUrl: string | null,
): MailAttachment {
  const isCancelled = kind === 'cancellation';
  const { error, value } = createEvent({
    uid: `session-${booking.id}@${new URL(app.config.appUrl).hostname}`,
    sequence: booking.revision,
    method: 'PUBLISH',
    status: isCancelled ? 'CANCELLED' : 'CONFIRMED',
    start: booking.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: booking.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `One-to-One Illumination Session (${PRODUCT_NAME})`,
    description: `Join from ${app.config.appUrl}/sessions/${booking.id}`,
    url: booking.meetingUrl ?? defaultMeetingUrl ?? `${app.config.appUrl}/sessions/${booking.id}`,
  });
  if (error || !value) throw error ?? new Error('the calendar file could not be made');
  return { filename: 'session.ics', contentType: 'text/calendar; charset=utf-8', content: value };
}

/** Sends a session's mail; a failure is logged and never undoes what was booked. */
export async function mailAbout(
  app: FastifyInstance,
  booking: Booking,
  kind: SessionMailKind,
  note?: string,
  recipients: MailRecipients = 'both',
): Promise<void> {
  const { defaultMeetingUrl } = await getAvailability(app.db);
  const options = { defaultMeetingUrl, recipients, ...(note ? { note } : {}) };
  await sendSessionMail(app, booking, kind, options).catch((error: unknown) =>
    app.log.error({ err: error, sessionId: booking.id, kind }, 'a session mail failed'),
  );
}
