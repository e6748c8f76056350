import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type {
  Broadcast,
  BroadcastDraft,
  BroadcastPreview,
  ScheduleBroadcastInput,
} from '../../shared/api/broadcasts.ts';
import type { SessionUser } from '../../shared/api/auth.ts';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { listEnrolledUserIds } from '../access/enrollments.ts';
import { listReleaseNoticeEmails } from '../catalogue/release-notices.ts';
import { broadcasts } from '../db/schema/broadcasts.ts';
import { AppError } from '../http/errors.ts';
import { countOutboxOutcomes } from '../mail/outbox.ts';
import type { MailMessage } from '../mail/send-mail.ts';
import { listAllUsers, listUsersByEmails } from '../users/find-users.ts';
import { lifecycleMail, listMailableLearners } from './lifecycle-mail.ts';

/** At most this many mails of one broadcast are handed to the mail queue each minute. */
export const BROADCAST_BATCH = 100;

/** What the newsletter (marketing) lends a broadcast, wired in app.ts. */
export interface NewsletterSource {
  listSubscriberEmails: () => Promise<string[]>;
  /** A newsletter mail: its own unsubscribe link at its end. */
  newsletterMail: (message: MailMessage) => MailMessage;
}

/** One recipient, as a broadcast sends to them: the key orders and resumes the sending. */
interface Recipient {
  key: string;
  email: string;
  mail: (message: { subject: string; text: string }) => MailMessage;
}

type Row = typeof broadcasts.$inferSelect;

const keyOf = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('hex');

/**
 * Everyone the segment names today, with their switches honoured: learners are written to only
 * with Marketing Emails on, newsletter mail carries the newsletter's own unsubscribe; a visitor
 * waiting for a course is told why they hear from us. One mail per address, in a fixed order.
 */
async function listRecipients(
  app: FastifyInstance,
  newsletter: NewsletterSource,
  draft: Pick<BroadcastDraft, 'segment' | 'courseId'>,
  now: Date,
): Promise<{ recipients: Recipient[]; skipped: number }> {
  const asLearners = async (userIds: string[]) => {
    const mailable = await listMailableLearners(app, userIds, 'marketing_emails');
    return {
      recipients: mailable.map((learner) => ({
        key: keyOf(learner.email),
        email: learner.email,
        mail: (message: { subject: string; text: string }) =>
          lifecycleMail(app.config, learner, 'marketing_emails', message),
      })),
      skipped: new Set(userIds).size - mailable.length,
    };
  };
  let found: { recipients: Recipient[]; skipped: number };
  switch (draft.segment) {
    case 'newsletter': {
      const emails = await newsletter.listSubscriberEmails();
      found = {
        recipients: emails.map((email) => ({
          key: keyOf(email),
          email,
          mail: (message) => newsletter.newsletterMail({ to: email, ...message }),
        })),
        skipped: 0,
      };
      break;
    }
    case 'learners': {
      const everyone = await listAllUsers(app.db);
      found = await asLearners(
        everyone.filter((user) => user.role !== 'admin').map((user) => user.id),
      );
      break;
    }
    case 'course-buyers':
      found = await asLearners(
        await listEnrolledUserIds(app.db, { courseId: draft.courseId! }, now),
      );
      break;
    case 'beta-testers':
      found = await asLearners(await listEnrolledUserIds(app.db, { purchaseType: 'beta' }, now));
      break;
    case 'awaiting-course': {
      const emails = [...(await listReleaseNoticeEmails(app.db, draft.courseId!))];
      const accounts = await listUsersByEmails(app.db, emails);
      const learners = await asLearners(accounts.map((account) => account.id));
      const accountEmails = new Set(accounts.map((account) => account.email.toLowerCase()));
      const title = app.catalogue.getCourse(draft.courseId!)?.title ?? draft.courseId!;
      const visitors = emails
        .filter((email) => !accountEmails.has(email))
        .map((email) => ({
          key: keyOf(email),
          email,
          mail: (message: { subject: string; text: string }) => ({
            to: email,
            subject: message.subject,
            text: `${message.text}\n\n--\nYou receive this because you asked to hear when ${title} opens.`,
          }),
        }));
      found = { recipients: [...learners.recipients, ...visitors], skipped: learners.skipped };
      break;
    }
  }
  const unique = new Map(found.recipients.map((recipient) => [recipient.key, recipient]));
  return {
    recipients: [...unique.values()].sort((a, b) => (a.key < b.key ? -1 : 1)),
    skipped: found.skipped,
  };
}

function letterText(body: string): string {
  return `${body.trim()}\n\nWith warmth, ${PRODUCT_NAME}`;
}

function checkCourse(app: FastifyInstance, draft: BroadcastDraft) {
  if (draft.courseId !== undefined && !app.catalogue.getCourse(draft.courseId)) {
    throw new AppError('bad_request', 'No course has this id.', { courseId: 'unknown' });
  }
}

/** How many the letter would reach now, and the mail as the first of them would read it. */
export async function previewBroadcast(
  app: FastifyInstance,
  newsletter: NewsletterSource,
  draft: BroadcastDraft,
): Promise<BroadcastPreview> {
  checkCourse(app, draft);
  const { recipients } = await listRecipients(app, newsletter, draft, new Date());
  const sample = recipients[0]?.mail({ subject: draft.subject, text: letterText(draft.body) });
  return {
    recipients: recipients.length,
    subject: draft.subject,
    text: sample?.text ?? letterText(draft.body),
  };
}

/** The letter to the admin alone, as a learner with Marketing Emails on would get it. */
export async function sendTestBroadcast(
  app: FastifyInstance,
  admin: SessionUser,
  draft: BroadcastDraft,
): Promise<{ sentTo: string }> {
  checkCourse(app, draft);
  await app.mailer.send(
    lifecycleMail(app.config, admin, 'marketing_emails', {
      subject: `[Test] ${draft.subject}`,
      text: letterText(draft.body),
    }),
  );
  return { sentTo: admin.email };
}

export async function scheduleBroadcast(
  app: FastifyInstance,
  input: ScheduleBroadcastInput,
): Promise<Broadcast> {
  checkCourse(app, input.draft);
  const { subject, body, segment, courseId } = input.draft;
  const [row] = await app.db
    .insert(broadcasts)
    .values({
      subject,
      body,
      segment,
      courseId: courseId ?? null,
      sendAt: new Date(input.sendAt),
    })
    .returning();
  // Sent now: the first batch goes at once, not at the clock's next minute.
  if (row!.sendAt <= new Date()) await app.clock.tickSoon();
  return toBroadcast(row!);
}

/** A broadcast not yet sent whole stops: what went out stays out. */
export async function cancelBroadcast(app: FastifyInstance, id: number): Promise<Broadcast> {
  const [row] = await app.db
    .update(broadcasts)
    .set({ status: 'cancelled', finishedAt: new Date() })
    .where(and(eq(broadcasts.id, id), inArray(broadcasts.status, ['scheduled', 'sending'])))
    .returning();
  if (!row) throw new AppError('not_found', 'No broadcast waiting to go out has this id.');
  return toBroadcast(row);
}

export async function listBroadcasts(app: FastifyInstance): Promise<Broadcast[]> {
  const rows = await app.db.select().from(broadcasts).orderBy(desc(broadcasts.sendAt)).limit(100);
  return rows.map(toBroadcast);
}

function toBroadcast(row: Row): Broadcast {
  return {
    id: row.id,
    subject: row.subject,
    segment: row.segment,
    courseId: row.courseId,
    sendAt: row.sendAt.toISOString(),
    status: row.status,
    handed: row.outboxIds.length,
    delivered: row.delivered,
    failed: row.failed,
    skipped: row.skipped,
  };
}

/**
 * On the clock's tick: each broadcast come due hands its next batch to the mail queue, from the
 * recipients after its cursor; the row is locked while it does, so two processes never send the
 * same batch, and at most one batch leaves a minute. Then the counts of how the mails fared are
 * brought up to date.
 */
export async function sendDueBroadcasts(
  app: FastifyInstance,
  newsletter: NewsletterSource,
  now: Date,
  batch = BROADCAST_BATCH,
): Promise<void> {
  const due = await app.db
    .select({ id: broadcasts.id })
    .from(broadcasts)
    .where(and(inArray(broadcasts.status, ['scheduled', 'sending']), lte(broadcasts.sendAt, now)));
  for (const { id } of due) {
    await app.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(broadcasts)
        .where(and(eq(broadcasts.id, id), inArray(broadcasts.status, ['scheduled', 'sending'])))
        .for('update', { skipLocked: true });
      if (!row || isHandedThisMinute(row, now)) return;
      const { recipients, skipped } = await listRecipients(
        app,
        newsletter,
        { segment: row.segment, courseId: row.courseId ?? undefined },
        now,
      );
      const next = recipients.filter((recipient) => !row.cursor || recipient.key > row.cursor);
      const handed = next.slice(0, batch);
      const outboxIds: number[] = [];
      for (const recipient of handed) {
        const message = recipient.mail({ subject: row.subject, text: letterText(row.body) });
        outboxIds.push(await app.mailer.send(message));
      }
      const isDone = next.length <= batch;
      await tx
        .update(broadcasts)
        .set({
          status: isDone ? 'sent' : 'sending',
          cursor: handed.at(-1)?.key ?? row.cursor,
          handedAt: now,
          outboxIds: [...row.outboxIds, ...outboxIds],
          // Counted once, when the sending begins.
          skipped: row.status === 'scheduled' ? skipped : row.skipped,
          finishedAt: isDone ? now : null,
        })
        .where(eq(broadcasts.id, id));
    });
  }
  await refreshCounts(app, now);
}

/**
 * Whether a batch of this broadcast left on a tick of the last minute: a tick run twice (two
 * processes, or a tick asked for soon beside the minute's) hands out one batch, not two. The
 * clock's ticks drift by seconds, so the next minute's tick is never taken for the same one.
 */
function isHandedThisMinute(row: { handedAt: Date | null }, now: Date): boolean {
  return row.handedAt !== null && now.getTime() - row.handedAt.getTime() < SAME_TICK_MS;
}

const SAME_TICK_MS = 50_000;

/** The counts of the broadcasts still sending or sent in the last week (the outbox's keep). */
async function refreshCounts(app: FastifyInstance, now: Date) {
  const weekAgo = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
  const rows = await app.db
    .select({
      id: broadcasts.id,
      outboxIds: broadcasts.outboxIds,
      finishedAt: broadcasts.finishedAt,
    })
    .from(broadcasts)
    .where(inArray(broadcasts.status, ['sending', 'sent', 'cancelled']));
  for (const row of rows) {
    if (row.finishedAt && row.finishedAt < weekAgo) continue;
    const { delivered, failed } = await countOutboxOutcomes(app.db, row.outboxIds);
    await app.db.update(broadcasts).set({ delivered, failed }).where(eq(broadcasts.id, row.id));
  }
}
