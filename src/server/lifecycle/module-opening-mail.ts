import type { FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { listDueModuleOpenings } from '../access/module-openings.ts';
import { announcedModuleOpenings } from '../db/schema/lifecycle.ts';
import { nameForMail } from '../mail/send-mail.ts';
import { lifecycleMail, listMailableLearners } from './lifecycle-mail.ts';

/** An opening found later than this (a first start, a long outage) is not mailed. */
const LATE_LIMIT_MS = 2 * 86_400_000;

/**
 * Paced release, on the clock's tick: one mail (Course Updates) when a module opens for a
 * learner, at its opening time or an admin's early opening. Each opening is claimed once in the
 * database, so two processes ticking together send one mail.
 */
export async function sendModuleOpeningMail(app: FastifyInstance, now: Date): Promise<void> {
  const since = new Date(now.getTime() - LATE_LIMIT_MS);
  for (const course of app.catalogue.courses) {
    if (course.product.comingSoon) continue;
    const due = await listDueModuleOpenings(app, course, since, now);
    if (due.length === 0) continue;
    const claimed = await app.db
      .insert(announcedModuleOpenings)
      .values(
        due.map((opening) => ({
          learnerId: opening.userId,
          courseId: course.id,
          moduleId: opening.moduleId,
          opensAt: opening.opensAt,
          claimedAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({
        learnerId: announcedModuleOpenings.learnerId,
        moduleId: announcedModuleOpenings.moduleId,
      });
    if (claimed.length === 0) continue;
    const mailable = new Map(
      (
        await listMailableLearners(
          app,
          claimed.map((row) => row.learnerId),
          'course_updates',
        )
      ).map((learner) => [learner.id, learner]),
    );
    for (const { learnerId, moduleId } of claimed) {
      const learner = mailable.get(learnerId);
      const module = course.modules.find((candidate) => candidate.id === moduleId);
      if (!learner || !module) continue;
      const first = module.lessons[0]!;
      const link = `${app.config.appUrl}/courses/${course.id}/modules/${module.id}/lessons/${first.id}`;
      await app.mailer.send(
        lifecycleMail(app.config, learner, 'course_updates', {
          subject: `${module.title} is open in ${course.title}`,
          text: [
            `Hello ${nameForMail(learner)},`,
            '',
            `${module.title}, the next module of ${course.title}, is open for you now. Begin whenever you are ready:`,
            link,
            '',
            `With warmth, ${PRODUCT_NAME}`,
          ].join('\n'),
        }),
      );
    }
  }
}
