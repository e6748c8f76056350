import type { FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { accessEndingWindows } from '../../shared/rules/access.ts';
import { formatDate } from '../../shared/rules/dates.ts';
import { claimEndingEnrollments, type EndingEnrollment } from '../access/enrollments.ts';
import { nameForMail } from '../mail/send-mail.ts';
import { getDisabledAt } from '../users/account-controls.ts';
import { listUsersByIds, type UserRecord } from '../users/find-users.ts';

/**
 * Tells each learner, 30 and 7 days before a bought course's year ends and on the day, when it
 * ends and how to go on (issue 34): on the clock's tick, each notice claimed once however many
 * processes tick. Admins (who open every course) and disabled accounts are not written to.
 */
export async function sendAccessEndingNotices(app: FastifyInstance, now: Date): Promise<number> {
  let sent = 0;
  for (const window of accessEndingWindows(now)) {
    const endings = await claimEndingEnrollments(app.db, window);
    const learners = await listUsersByIds(
      app.db,
      endings.map((ending) => ending.userId),
    );
    for (const ending of endings) {
      const learner = learners.get(ending.userId);
      if (!learner || learner.role === 'admin') continue;
      if (await getDisabledAt(app.db, learner.id)) continue;
      await app.mailer.send(accessEndingMail(app, learner, ending, window.days));
      sent += 1;
    }
  }
  return sent;
}

function accessEndingMail(
  app: FastifyInstance,
  learner: UserRecord,
  ending: EndingEnrollment,
  days: number,
) {
  const title = app.catalogue.getCourse(ending.courseId)?.title ?? ending.courseId;
  const endDate = formatDate(ending.expiresAt);
  const coursePage = `${app.config.appUrl}/courses/${ending.courseId}`;
  const opening = [`Hello ${nameForMail(learner)},`, ''];
  const closing = [coursePage, '', `With warmth, ${PRODUCT_NAME}`];
  if (days === 0) {
    return {
      to: learner.email,
      subject: `Your year with ${title} has ended`,
      text: [
        ...opening,
        `Your access to ${title} ended on ${endDate}, a year after it began.`,
        'Your progress and reflections are kept in your account. To go on where you left off,',
        'buy the course again on its page:',
        ...closing,
      ].join('\n'),
    };
  }
  return {
    to: learner.email,
    subject: `Your access to ${title} ends on ${endDate}`,
    text: [
      ...opening,
      `Your access to ${title} ends on ${endDate}, in ${days} days. Until then everything stays open.`,
      'Once it has ended you can buy the course again on its page, and your progress and',
      'reflections will be waiting for you:',
      ...closing,
    ].join('\n'),
  };
}
