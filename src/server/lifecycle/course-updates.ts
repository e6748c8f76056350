import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { listLearnersOfCourse } from '../access/enrollments.ts';
import { listReleaseNoticeEmails } from '../catalogue/release-notices.ts';
import { lessonsInOrder, type Course, type Lesson } from '../catalogue/catalogue.ts';
import { announcedCourses, announcedLessons } from '../db/schema/lifecycle.ts';
import { nameForMail } from '../mail/send-mail.ts';
import { lifecycleMail, listMailableLearners } from './lifecycle-mail.ts';

/**
 * On the clock's tick, tells a course's learners (Course Updates) when it opens and when new
 * lessons appear in it. A course seen for the first time is taken as it is, without a mail; each
 * opening and each lesson is claimed once in the database, however many processes tick.
 */
export async function sendCourseUpdates(app: FastifyInstance, now: Date): Promise<void> {
  for (const course of app.catalogue.courses) {
    const isOpen = !course.product.comingSoon;
    const [seen] = await app.db
      .select()
      .from(announcedCourses)
      .where(eq(announcedCourses.courseId, course.id));
    if (!seen) {
      await takeAsItIs(app, course, isOpen, now);
      continue;
    }
    if (!isOpen) {
      await claimNewLessons(app, course, now);
      continue;
    }
    if (seen.openedAt === null) {
      const opened = await app.db
        .update(announcedCourses)
        .set({ openedAt: now })
        .where(and(eq(announcedCourses.courseId, course.id), isNull(announcedCourses.openedAt)))
        .returning({ courseId: announcedCourses.courseId });
      await claimNewLessons(app, course, now);
      if (opened.length > 0) await tellLearners(app, course, [], now);
      continue;
    }
    const added = await claimNewLessons(app, course, now);
    if (added.length > 0) await tellLearners(app, course, added, now);
  }
}

async function takeAsItIs(app: FastifyInstance, course: Course, isOpen: boolean, now: Date) {
  await app.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(announcedCourses)
      .values({ courseId: course.id, firstSeenAt: now, openedAt: isOpen ? now : null })
      .onConflictDoNothing()
      .returning({ courseId: announcedCourses.courseId });
    if (inserted.length === 0) return;
    const lessons = lessonsInOrder(course);
    if (lessons.length === 0) return;
    await tx
      .insert(announcedLessons)
      .values(
        lessons.map((lesson) => ({ courseId: course.id, lessonId: lesson.id, firstSeenAt: now })),
      )
      .onConflictDoNothing();
  });
}

/** The lessons of `course` not seen before, claimed by this tick alone. */
async function claimNewLessons(app: FastifyInstance, course: Course, now: Date): Promise<Lesson[]> {
  const lessons = lessonsInOrder(course);
  if (lessons.length === 0) return [];
  const claimed = await app.db
    .insert(announcedLessons)
    .values(
      lessons.map((lesson) => ({ courseId: course.id, lessonId: lesson.id, firstSeenAt: now })),
    )
    .onConflictDoNothing()
    .returning({ lessonId: announcedLessons.lessonId });
  const ids = new Set(claimed.map((row) => row.lessonId));
  return lessons.filter((lesson) => ids.has(lesson.id));
}

/** One mail per learner: the course is open (no lessons named), or these lessons are new. */
async function tellLearners(app: FastifyInstance, course: Course, added: Lesson[], now: Date) {
  const learnerIds = await listLearnersOfCourse(app.db, course.id, now);
  const mailable = await listMailableLearners(app, learnerIds, 'course_updates');
  // Who asked "tell me when it opens" hears of the opening from that notice, once.
  const toldByNotice =
    added.length === 0 ? await listReleaseNoticeEmails(app.db, course.id) : new Set<string>();
  const learners = mailable.filter((learner) => !toldByNotice.has(learner.email.toLowerCase()));
  const link = `${app.config.appUrl}/courses/${course.id}`;
  for (const learner of learners) {
    const news =
      added.length === 0
        ? {
            subject: `${course.title} is open`,
            lines: [`${course.title}, which you have, is open now. Begin whenever you are ready:`],
          }
        : {
            subject:
              added.length === 1
                ? `A new lesson in ${course.title}: ${added[0]!.title}`
                : `${added.length} new lessons in ${course.title}`,
            lines: [
              `${added.length === 1 ? 'A new lesson is' : 'New lessons are'} waiting in ${course.title}:`,
              ...added.map((lesson) => `- ${lesson.title}`),
              '',
              'They are there whenever you want them:',
            ],
          };
    await app.mailer.send(
      lifecycleMail(app.config, learner, 'course_updates', {
        subject: news.subject,
        text: [
          `Hello ${nameForMail(learner)},`,
          '',
          ...news.lines,
          link,
          '',
          `With warmth, ${PRODUCT_NAME}`,
        ].join('\n'),
      }),
    );
  }
}
