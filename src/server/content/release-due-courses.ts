import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import type { CourseDocument } from '../../shared/api/content.ts';
import { courseDrafts } from '../db/schema/content.ts';
import { insertPublishedVersion, recordChange } from './course-drafts.ts';
import {
  notifyContentPublished,
  readPublishedDocuments,
  type ContentActor,
} from './published-content.ts';

/** Who opened a course whose release date came, in the content's history. */
export const RELEASE_DATE_ACTOR: ContentActor = { id: 'release date', email: 'the release date' };

/** A release date opens its course at the start of that day in the creator's time zone. */
export function releaseMomentOf(releaseDate: string, timeZone = 'UTC'): Date {
  const start = Temporal.PlainDate.from(releaseDate).toZonedDateTime({ timeZone });
  return new Date(start.epochMilliseconds);
}

/**
 * Opens each coming-soon course whose release date has come by `now`: publishes it no longer
 * coming soon (its draft too, so the next publish keeps it open), and tells every process, which
 * reload the catalogue and render the public pages again. Once, whichever process runs it.
 */
export async function releaseDueCourses(app: FastifyInstance, now: Date): Promise<string[]> {
  const documents = await readPublishedDocuments(app.db);
  const timeZone = app.config.sessions.creatorTimeZone;
  const due = (documents?.courses ?? []).filter(
    (course) =>
      course.comingSoon &&
      course.releaseDate !== undefined &&
      releaseMomentOf(course.releaseDate, timeZone) <= now,
  );
  const released: string[] = [];
  for (const course of due) {
    if (await releaseCourse(app, course.id)) released.push(course.id);
  }
  if (released.length > 0) {
    await app.catalogue.reload();
    app.log.info({ courseIds: released }, 'courses opened on their release date');
  }
  return released;
}

async function releaseCourse(app: FastifyInstance, courseId: string): Promise<boolean> {
  return app.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`release ${courseId}`}))`);
    const latest = (await readPublishedDocuments(tx))?.courses.find(
      (course) => course.id === courseId,
    );
    if (!latest?.comingSoon) return false;
    const open: CourseDocument = { ...latest, comingSoon: false };
    const version = await insertPublishedVersion(tx, RELEASE_DATE_ACTOR, open);
    await tx
      .update(courseDrafts)
      .set({
        document: sql`jsonb_set(${courseDrafts.document}, '{comingSoon}', 'false')`,
        updatedAt: new Date(),
      })
      .where(eq(courseDrafts.courseId, courseId));
    await recordChange(
      tx,
      RELEASE_DATE_ACTOR,
      courseId,
      'published',
      `published version ${version}: opened on its release date`,
    );
    await notifyContentPublished(tx);
    return true;
  });
}
