import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { listDueModuleOpenings, type Course } from '../access/module-openings.ts';
import { announcedModuleOpenings } from '../db/schema/lifecycle.ts';
import { nameForMail } from '../mail/send-mail.ts';
import { lifecycleMail, listMailableLearners } from './lifecycle-mail.ts';

type MailedModule = FastifyInstance['catalogue']['courses'][number]['modules'][number];

/**
 * Paced release, on the clock's tick: every opening of a module for a learner is mailed once
 * (Course Updates), however late it is found (an upgrade, a long outage, a module published
 * late). Each opening is claimed once in the database, so two processes ticking together send
 * one mail; all the openings a learner has in a course since the last tick go in one mail.
 */
export async function sendModuleOpeningMail(app: FastifyInstance, now: Date): Promise<void> {
  for (const course of app.catalogue.courses) {
    if (course.product.comingSoon) continue;
    const claimed = await claimNewOpenings(app, course, now);
    if (claimed.size === 0) continue;
    const mailable = await listMailableLearners(app, [...claimed.keys()], 'course_updates');
    for (const learner of mailable) {
      const modules = course.modules.filter((module) =>
        claimed.get(learner.id)!.includes(module.id),
      );
      if (modules.length === 0) continue;
      await app.mailer.send(
        lifecycleMail(app.config, learner, 'course_updates', {
          subject: openingSubject(modules, course.title),
          text: [
            `Hello ${nameForMail(learner)},`,
            '',
            ...openingLines(app, course.id, course.title, modules),
            '',
            `With warmth, ${PRODUCT_NAME}`,
          ].join('\n'),
        }),
      );
    }
  }
}

/** Claims the openings of a course not announced yet: the module ids claimed, per learner. */
async function claimNewOpenings(
  app: FastifyInstance,
  course: Course,
  now: Date,
): Promise<Map<string, string[]>> {
  const due = await listDueModuleOpenings(app, course, now);
  if (due.length === 0) return new Map();
  const announced = new Set(
    (
      await app.db
        .select({
          learnerId: announcedModuleOpenings.learnerId,
          moduleId: announcedModuleOpenings.moduleId,
        })
        .from(announcedModuleOpenings)
        .where(eq(announcedModuleOpenings.courseId, course.id))
    ).map((row) => `${row.learnerId}/${row.moduleId}`),
  );
  const fresh = due.filter((opening) => !announced.has(`${opening.userId}/${opening.moduleId}`));
  if (fresh.length === 0) return new Map();
  const claimed = await app.db
    .insert(announcedModuleOpenings)
    .values(
      fresh.map((opening) => ({
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
  const byLearner = new Map<string, string[]>();
  for (const { learnerId, moduleId } of claimed) {
    byLearner.set(learnerId, [...(byLearner.get(learnerId) ?? []), moduleId]);
  }
  return byLearner;
}

function openingSubject(modules: readonly MailedModule[], courseTitle: string): string {
  return modules.length === 1
    ? `${modules[0]!.title} is open in ${courseTitle}`
    : `${modules.length} modules are open in ${courseTitle}`;
}

function openingLines(
  app: FastifyInstance,
  courseId: string,
  courseTitle: string,
  modules: readonly MailedModule[],
): string[] {
  const link = (module: MailedModule) =>
    `${app.config.appUrl}/courses/${courseId}/modules/${module.id}/lessons/${module.lessons[0]!.id}`;
  if (modules.length === 1) {
    return [
      `${modules[0]!.title}, the next module of ${courseTitle}, is open for you now. Begin whenever you are ready:`,
      link(modules[0]!),
    ];
  }
  return [
    `These modules of ${courseTitle} are open for you now. Begin whenever you are ready:`,
    ...modules.map((module) => `- ${module.title}: ${link(module)}`),
  ];
}
