import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * The courses the lifecycle mail has seen, and when each opened: a course first seen sets the
 * baseline silently; one seen coming soon and later open is announced once.
 */
export const announcedCourses = pgTable('announced_courses', {
  courseId: text('course_id').primaryKey(),
  firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
  /** When the course was seen open; null while it is coming soon. */
  openedAt: timestamp('opened_at', { withTimezone: true }),
});

/** Each lesson of a course seen once: a new one in an open course is announced to its learners. */
export const announcedLessons = pgTable(
  'announced_lessons',
  {
    courseId: text('course_id').notNull(),
    lessonId: text('lesson_id').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.courseId, table.lessonId] })],
);

/**
 * Paced release: each module's opening told to one learner, claimed once by the tick that
 * mails it (or decides against it, switched off), however many processes tick.
 */
export const announcedModuleOpenings = pgTable(
  'announced_module_openings',
  {
    learnerId: text('learner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id').notNull(),
    moduleId: text('module_id').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.learnerId, table.courseId, table.moduleId] })],
);
