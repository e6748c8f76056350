import type { FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { nameForMail } from '../mail/send-mail.ts';
import { lifecycleMail, listMailableLearners } from './lifecycle-mail.ts';

/**
 * After a purchase, a welcome into the courses bought: where to begin, and that there is no
 * hurry. Governed by Email Notifications; the receipt, sent either way, is the money's mail.
 */
export async function sendCourseWelcome(
  app: FastifyInstance,
  purchase: { userId: string; courseIds: string[] },
): Promise<void> {
  const courses = purchase.courseIds.flatMap((id) => app.catalogue.getCourse(id) ?? []);
  if (courses.length === 0) return;
  const [learner] = await listMailableLearners(app, [purchase.userId], 'email_notifications');
  if (!learner) return;
  const open = courses.filter((course) => !course.product.comingSoon);
  const waiting = courses.filter((course) => course.product.comingSoon);
  const titles = courses.map((course) => course.title).join(', ');
  await app.mailer.send(
    lifecycleMail(app.config, learner, 'email_notifications', {
      subject: `Welcome to ${courses.length === 1 ? courses[0]!.title : 'your courses'}`,
      text: [
        `Hello ${nameForMail(learner)},`,
        '',
        `Welcome to ${titles}. We are glad you are here.`,
        ...open.flatMap((course) => [
          '',
          `${course.title} is open. Begin with its first lesson whenever you are ready:`,
          `${app.config.appUrl}/courses/${course.id}`,
        ]),
        ...waiting.flatMap((course) => [
          '',
          `${course.title} is not open yet. We will write to you the day it opens.`,
        ]),
        '',
        'Go at your own pace: your progress and your reflections are kept for you, and your',
        'reflections are yours alone.',
        '',
        `With warmth, ${PRODUCT_NAME}`,
      ].join('\n'),
    }),
  );
}
