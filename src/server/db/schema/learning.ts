import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** One learner's answer to one reflection prompt (spec 2 §3), its text encrypted. */
export const lessonReflections = pgTable(
  'lesson_reflections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id').notNull(),
    moduleId: text('module_id').notNull(),
    moduleName: text('module_name').notNull(),
    lessonId: text('lesson_id').notNull(),
    lessonName: text('lesson_name').notNull(),
    promptId: text('prompt_id').notNull(),
    question: text('question').notNull(),
    /** AES-256-GCM envelope of the learner's text (db/field-cipher.ts), never the plaintext. */
    response: text('response').notNull(),
    completed: boolean('completed').notNull().default(false),
    /** Judged at risk when saved: never sent to the AI vendor, for grounding or patterns. */
    isAtRisk: boolean('is_at_risk').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The reflection's version: a save names the one its text was written on (decision 041). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The browser's id for the last save stored: the same save sent again changes nothing. */
    saveId: uuid('save_id'),
  },
  (table) => [
    unique('lesson_reflections_user_prompt_key').on(
      table.userId,
      table.courseId,
      table.moduleId,
      table.lessonId,
      table.promptId,
    ),
  ],
);

/** A lesson a learner marked complete. */
export const lessonCompletions = pgTable(
  'lesson_completions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id').notNull(),
    moduleId: text('module_id').notNull(),
    lessonId: text('lesson_id').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.courseId, table.lessonId] })],
);

/** How far a learner got in a lesson's video, and where to resume. */
export const videoProgress = pgTable(
  'video_progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id').notNull(),
    moduleId: text('module_id').notNull(),
    lessonId: text('lesson_id').notNull(),
    videoId: text('video_id').notNull(),
    /** The furthest point reached, 0–100; it never goes down. */
    progress: integer('progress').notNull().default(0),
    positionSeconds: integer('position_seconds').notNull().default(0),
    /** 90% or more reached; never undone. */
    completed: boolean('completed').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastWatchedAt: timestamp('last_watched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.courseId, table.lessonId] }),
    index('video_progress_user_recent_idx').on(table.userId, table.lastWatchedAt),
    check('video_progress_progress_range', sql`${table.progress} between 0 and 100`),
  ],
);
