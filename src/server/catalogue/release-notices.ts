import { and, asc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { releaseNoticeMessages } from '../../shared/api/catalogue.ts';
import type { SessionUser } from '../../shared/api/auth.ts';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import type { Executor } from '../db/client.ts';
import { releaseNotices } from '../db/schema/catalogue.ts';
import { AppError } from '../http/errors.ts';
import { readSignedToken, signToken } from '../http/signed-token.ts';

const CONFIRM = 'release-notice-confirm';

/**
 * Records "Tell me when it opens" once per address and course; asking again changes nothing.
 * The address is confirmed before any mail about the course (double opt-in): a learner whose
 * account address is confirmed is at once, anyone else by the link mailed to the address.
 */
export async function requestReleaseNotice(
  app: FastifyInstance,
  courseId: string,
  asker: { user: SessionUser | null; email: string | undefined },
): Promise<{ message: string }> {
  const course = app.catalogue.getCourse(courseId);
  if (!course) throw new AppError('not_found', 'Course not found');
  if (!course.product.comingSoon) {
    throw new AppError('bad_request', releaseNoticeMessages.alreadyOpen(course.title));
  }
  // A signed-in learner is written to at their account's address, never one in the request.
  const email = (asker.user?.email ?? asker.email)?.toLowerCase();
  if (!email) throw new AppError('bad_request', releaseNoticeMessages.emailRequired);
  const confirmedAt = asker.user?.emailVerified ? new Date() : null;
  const [created] = await app.db
    .insert(releaseNotices)
    .values({ courseId, email, userId: asker.user?.id ?? null, confirmedAt })
    .onConflictDoNothing()
    .returning({ id: releaseNotices.id });
  if (created) {
    if (confirmedAt) return { message: releaseNoticeMessages.saved(course.title) };
    await app.mailer.send(confirmationMail(app, email, course.title, created.id));
    return { message: releaseNoticeMessages.confirmationSent(email) };
  }
  // Asked before: a confirmed account confirms the request; nothing is mailed again, so asking
  // repeatedly cannot fill someone's inbox.
  const [existing] = await app.db
    .update(releaseNotices)
    .set({ confirmedAt: sql`coalesce(${releaseNotices.confirmedAt}, ${confirmedAt})` })
    .where(
      and(eq(releaseNotices.courseId, courseId), sql`lower(${releaseNotices.email}) = ${email}`),
    )
    .returning({ confirmedAt: releaseNotices.confirmedAt });
  return existing?.confirmedAt
    ? { message: releaseNoticeMessages.saved(course.title) }
    : { message: releaseNoticeMessages.confirmationSent(email) };
}

function confirmationMail(app: FastifyInstance, to: string, courseTitle: string, id: string) {
  const link = `${app.config.appUrl}/release-notice/confirm?token=${signToken(app.config.authSecret, CONFIRM, id)}`;
  return {
    to,
    subject: `Confirm: tell me when ${courseTitle} opens`,
    text: [
      'Hello,',
      '',
      `Someone, we hope you, asked us to write to this address when ${courseTitle} opens.`,
      'To confirm, open this link and press Confirm:',
      link,
      '',
      'If it was not you, ignore this mail: without your confirmation we will not write again.',
      '',
      `With warmth, ${PRODUCT_NAME}`,
    ].join('\n'),
  };
}

/** The link in the confirmation mail: from now on the address hears when the course opens. */
export async function confirmReleaseNotice(
  app: FastifyInstance,
  token: string,
): Promise<{ message: string }> {
  const id = readSignedToken(app.config.authSecret, CONFIRM, token);
  const [row] = id
    ? await app.db
        .update(releaseNotices)
        .set({ confirmedAt: sql`coalesce(${releaseNotices.confirmedAt}, now())` })
        .where(eq(releaseNotices.id, id))
        .returning({ courseId: releaseNotices.courseId })
    : [];
  if (!row) {
    throw new AppError('bad_request', releaseNoticeMessages.linkNotValid, { token: 'invalid' });
  }
  const title = app.catalogue.getCourse(row.courseId)?.title ?? row.courseId;
  return { message: releaseNoticeMessages.saved(title) };
}

/**
 * Mails every confirmed address waiting for a course the catalogue now marks released. Each row is claimed before its mail is queued, so two processes never both send it.
 */
export async function sendReleaseNotices(app: FastifyInstance, now = new Date()): Promise<void> {
  for (const course of app.catalogue.courses.filter((candidate) => !candidate.product.comingSoon)) {
    const claimed = await app.db
      .update(releaseNotices)
      .set({ notifiedAt: now })
      .where(
        and(
          eq(releaseNotices.courseId, course.id),
          isNotNull(releaseNotices.confirmedAt),
          isNull(releaseNotices.notifiedAt),
        ),
      )
      .returning({ email: releaseNotices.email });
    for (const { email } of claimed) {
      await app.mailer.send({
        to: email,
        subject: `${course.title} is open`,
        text: [
          'Hello,',
          '',
          `You asked us to tell you when ${course.title} opens. It is open now:`,
          `${app.config.appUrl}/courses`,
          '',
          `With warmth, ${PRODUCT_NAME}`,
        ].join('\n'),
      });
    }
  }
}

/**
 * For the data export: the requests the account made, and those sent with its address while
 * signed out once that address is confirmed (`email` null until then).
 */
export async function exportReleaseNotices(
  app: FastifyInstance,
  userId: string,
  email: string | null,
) {
  const rows = await app.db
    .select()
    .from(releaseNotices)
    .where(
      or(
        eq(releaseNotices.userId, userId),
        email === null ? undefined : sql`lower(${releaseNotices.email}) = ${email.toLowerCase()}`,
      ),
    )
    .orderBy(asc(releaseNotices.createdAt));
  return rows.map((row) => ({
    courseId: row.courseId,
    courseTitle: app.catalogue.getCourse(row.courseId)?.title ?? row.courseId,
    email: row.email,
    requestedAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    mailedAt: row.notifiedAt?.toISOString() ?? null,
  }));
}

/** Before an account with this confirmed address is deleted: the requests made with it go too. */
export async function deleteReleaseNoticesTo(tx: Executor, email: string): Promise<void> {
  await tx
    .delete(releaseNotices)
    .where(sql`lower(${releaseNotices.email}) = ${email.toLowerCase()}`);
}

/**
 * The confirmed addresses (lower case) that asked to hear when a course opens: told by the release
 * notice. An address never confirmed hears nothing from us.
 */
export async function listReleaseNoticeEmails(
  db: Executor,
  courseId: string,
): Promise<Set<string>> {
  const rows = await db
    .select({ email: releaseNotices.email })
    .from(releaseNotices)
    .where(and(eq(releaseNotices.courseId, courseId), isNotNull(releaseNotices.confirmedAt)));
  return new Set(rows.map((row) => row.email.toLowerCase()));
}
