import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { releaseNoticeMessages } from '../../shared/api/catalogue.ts';
import type { SessionUser } from '../../shared/api/auth.ts';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import type { Executor } from '../db/client.ts';
import { releaseNotices } from '../db/schema/catalogue.ts';
import { AppError } from '../http/errors.ts';

/** Records "Tell me when it opens" once per address and course; asking again changes nothing. */
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
  const email = asker.user?.email ?? asker.email;
  if (!email) throw new AppError('bad_request', releaseNoticeMessages.emailRequired);
  await app.db
    .insert(releaseNotices)
    .values({ courseId, email: email.toLowerCase(), userId: asker.user?.id ?? null })
    .onConflictDoNothing();
  return { message: releaseNoticeMessages.saved(course.title) };
}

/**
 * Mails everyone waiting for a course the catalogue now marks released: at each start, as the
 * bundle's waiting courses open (a course is released by editing content/products.yaml and
 * restarting). Each row is claimed before its mail is queued, so two processes never both send it.
 */
export async function sendReleaseNotices(app: FastifyInstance, now = new Date()): Promise<void> {
  for (const course of app.catalogue.courses.filter((candidate) => !candidate.product.comingSoon)) {
    const claimed = await app.db
      .update(releaseNotices)
      .set({ notifiedAt: now })
      .where(and(eq(releaseNotices.courseId, course.id), isNull(releaseNotices.notifiedAt)))
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
    mailedAt: row.notifiedAt?.toISOString() ?? null,
  }));
}

/** Before an account with this confirmed address is deleted: the requests made with it go too. */
export async function deleteReleaseNoticesTo(tx: Executor, email: string): Promise<void> {
  await tx
    .delete(releaseNotices)
    .where(sql`lower(${releaseNotices.email}) = ${email.toLowerCase()}`);
}

/** The addresses (lower case) that asked to hear when a course opens: told by the release notice. */
export async function listReleaseNoticeEmails(
  db: Executor,
  courseId: string,
): Promise<Set<string>> {
  const rows = await db
    .select({ email: releaseNotices.email })
    .from(releaseNotices)
    .where(eq(releaseNotices.courseId, courseId));
  return new Set(rows.map((row) => row.email.toLowerCase()));
}
