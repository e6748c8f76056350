import { desc, sql } from 'drizzle-orm';
import type { CourseDocument } from '../../shared/api/content.ts';
import {
  buildCatalogue,
  CatalogueError,
  type ContentDocuments,
} from '../catalogue/load-catalogue.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import type { Executor } from '../db/client.ts';
import { contentProducts, courseVersions } from '../db/schema/content.ts';
import { AppError } from '../http/errors.ts';

/** The channel a publish notifies, so that every app process serves the new programme at once. */
export const CONTENT_CHANNEL = 'published_content_changed';

/** Tells every process, once the transaction commits, that the published programme changed. */
export async function notifyContentPublished(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_notify(${CONTENT_CHANNEL}, '')`);
}

/** The newest published version of every course, and the products: what learners are served. */
export async function readPublishedDocuments(db: Executor): Promise<ContentDocuments | null> {
  const [rows, [products]] = await Promise.all([
    db
      .selectDistinctOn([courseVersions.courseId], { document: courseVersions.document })
      .from(courseVersions)
      .orderBy(courseVersions.courseId, desc(courseVersions.version)),
    db.select({ document: contentProducts.document }).from(contentProducts),
  ]);
  if (!products) return null;
  return { courses: rows.map((row) => row.document), products: products.document };
}

/**
 * The catalogue the published documents make once `next` replaces its course's version: a course
 * that would not build (an unknown prerequisite, a module without a lesson) is refused with 400.
 */
export async function catalogueWith(db: Executor, next: CourseDocument): Promise<Catalogue> {
  const published = await readPublishedDocuments(db);
  if (!published) throw new AppError('unavailable', 'The programme is not loaded yet');
  const courses = [...published.courses.filter((course) => course.id !== next.id), next];
  try {
    return buildCatalogue({ ...published, courses });
  } catch (error) {
    if (error instanceof CatalogueError) throw new AppError('bad_request', error.message);
    throw error;
  }
}

export interface ContentActor {
  id: string;
  email: string;
}

/** The installer, for what a new install loads from content/ and what `content:import` reads. */
export const SEED_ACTOR: ContentActor = { id: 'content folder', email: 'the content folder' };
