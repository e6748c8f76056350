import type { FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { claimSilentEnrollments } from '../access/enrollments.ts';
import { nameForMail } from '../mail/send-mail.ts';
import { lifecycleMail, listMailableLearners } from './lifecycle-mail.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A silence this long earns one gentle word. */
export const SILENCE_DAYS = 21;
/** A silence found later than this (a first start, a long outage) is left alone. */
const SILENCE_FOUND_LATE_DAYS = 60;

export interface SilenceNudgeOptions {
  /** The learners, of those named, whose last words met the companion's safety response. */
  lastWordsAtRisk: (userIds: readonly string[]) => Promise<Set<string>>;
}

/**
 * On the clock's tick: one gentle mail to a learner whose open course has been quiet for three
 * weeks; no count of days, no streak, nothing they failed to do. Each silence is weighed once;
 * a learner whose last words met the companion's safety response is never nudged (the help they
 * were shown stands, not a reminder to do lessons), nor one whose Email Notifications is off.
 */
export async function sendSilenceNudges(
  app: FastifyInstance,
  now: Date,
  { lastWordsAtRisk }: SilenceNudgeOptions,
): Promise<number> {
  const openCourseIds = app.catalogue.courses
    .filter((course) => !course.product.comingSoon)
    .map((course) => course.id);
  const silent = await claimSilentEnrollments(app.db, {
    courseIds: openCourseIds,
    silentSince: new Date(now.getTime() - SILENCE_DAYS * DAY_MS),
    notBefore: new Date(now.getTime() - SILENCE_FOUND_LATE_DAYS * DAY_MS),
    now,
  });
  if (silent.length === 0) return 0;
  const coursesOf = new Map<string, string[]>();
  for (const { userId, courseId } of silent) {
    coursesOf.set(userId, [...(coursesOf.get(userId) ?? []), courseId]);
  }
  const atRisk = await lastWordsAtRisk([...coursesOf.keys()]);
  const learners = await listMailableLearners(
    app,
    [...coursesOf.keys()].filter((id) => !atRisk.has(id)),
    'email_notifications',
  );
  for (const learner of learners) {
    const titles = coursesOf.get(learner.id)!.map((id) => app.catalogue.getCourse(id)?.title ?? id);
    await app.mailer.send(
      lifecycleMail(app.config, learner, 'email_notifications', {
        subject: 'Your course is here whenever you are ready',
        text: [
          `Hello ${nameForMail(learner)},`,
          '',
          `We are thinking of you. ${titles.join(' and ')} ${titles.length === 1 ? 'is' : 'are'} here whenever you want to come back,`,
          'just as you left it: your place and your reflections are kept.',
          '',
          'There is no hurry and nothing to catch up on. Life has its seasons.',
          `${app.config.appUrl}/dashboard`,
          '',
          `With warmth, ${PRODUCT_NAME}`,
        ].join('\n'),
      }),
    );
  }
  return learners.length;
}
