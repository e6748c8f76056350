import { desc } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { CourseDocument, ProductsDocument } from '../../../shared/api/content.ts';
import type { PictureKind } from '../../../shared/rules/picture-file.ts';
import { bytea } from '../bytea-column.ts';

/** The course an admin is editing (issue 24): one document, its version checked on every save. */
export const courseDrafts = pgTable('course_drafts', {
  courseId: text('course_id').primaryKey(),
  document: jsonb('document').$type<CourseDocument>().notNull(),
  version: integer('version').notNull().default(1),
  /** The draft version last published, so the list can say whether the draft moved on since. */
  publishedDraftVersion: integer('published_draft_version'),
  /** The admin who saved last, as their email then; kept as text so it outlives their account. */
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every published version of a course; learners are served the newest of each. */
export const courseVersions = pgTable(
  'course_versions',
  {
    courseId: text('course_id').notNull(),
    version: integer('version').notNull(),
    document: jsonb('document').$type<CourseDocument>().notNull(),
    publishedBy: text('published_by').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.courseId, table.version] }),
    index('course_versions_newest_idx').on(table.courseId, desc(table.version)),
  ],
);

/** The products that are not one course (the bundle, the one-to-one session): one row. */
export const contentProducts = pgTable(
  'content_products',
  {
    id: integer('id').primaryKey().default(1),
    document: jsonb('document').$type<ProductsDocument>().notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('content_products_one_row', sql`${table.id} = 1`)],
);

/** Who changed which course, when, and what they did: readable in the admin panel. */
export const contentChanges = pgTable(
  'content_changes',
  {
    id: serial('id').primaryKey(),
    courseId: text('course_id').notNull(),
    action: text('action').notNull(),
    detail: text('detail').notNull(),
    /** The admin; kept as text so the record outlives their account. */
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('content_changes_created_at_idx').on(table.createdAt)],
);

/**
 * The pictures admins uploaded for their courses (issue 36.1), kept here so that a backup and every
 * process carry them; one row per distinct file, named by its SHA-256 (docs/decisions/042).
 */
export const contentPictures = pgTable('content_pictures', {
  sha256: text('sha256').primaryKey(),
  kind: text('kind').$type<PictureKind>().notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: bytea('bytes').notNull(),
  /** The admin who uploaded it first, as their email then; kept as text so it outlives their account. */
  uploadedBy: text('uploaded_by').notNull(),
  /** When it was last uploaded: an unused picture is kept for a while after (course-pictures.ts). */
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});
