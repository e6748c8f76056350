import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  PICTURES_PATH,
  type CourseDocument,
  type UploadedPicture,
} from '../../shared/api/content.ts';
import { pictureKinds, readPicture, type PictureKind } from '../../shared/rules/picture-file.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { contentPictures, courseDrafts, courseVersions } from '../db/schema/content.ts';
import { AppError } from '../http/errors.ts';
import type { ContentActor } from './published-content.ts';

/**
 * Keeps an uploaded picture, once per distinct file: the same bytes uploaded again are the same
 * row and the same address, uploaded anew (pruneUnusedPictures counts from the last upload).
 * `isNew` says whether this upload stored it.
 */
export async function savePicture(
  db: Database,
  actor: ContentActor,
  bytes: Buffer,
): Promise<{ picture: UploadedPicture; isNew: boolean }> {
  const facts = readPicture(bytes);
  if ('error' in facts) throw new AppError('bad_request', facts.error, { body: facts.error });
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const stored = await db
    .insert(contentPictures)
    .values({ sha256, ...facts, bytes, uploadedBy: actor.email })
    .onConflictDoNothing()
    .returning({ sha256: contentPictures.sha256 });
  if (stored.length === 0) {
    await db
      .update(contentPictures)
      .set({ uploadedAt: sql`now()` })
      .where(eq(contentPictures.sha256, sha256));
  }
  return {
    picture: { path: picturePath(sha256, facts.kind), width: facts.width, height: facts.height },
    isNew: stored.length > 0,
  };
}

/** The address an upload of these bytes has, whether or not it is stored. */
export function picturePathOf(bytes: Buffer): string | null {
  const facts = readPicture(bytes);
  if ('error' in facts) return null;
  return picturePath(createHash('sha256').update(bytes).digest('hex'), facts.kind);
}

/** A stored picture by its file name (`<sha256>.<extension>`), or null when there is none. */
export async function findPicture(
  db: Database,
  file: string,
): Promise<{ mediaType: string; bytes: Buffer } | null> {
  const name = pictureFileName.exec(file);
  if (!name) return null;
  const [row] = await db
    .select({ kind: contentPictures.kind, bytes: contentPictures.bytes })
    .from(contentPictures)
    .where(eq(contentPictures.sha256, name[1]!));
  if (!row || pictureKinds[row.kind].extension !== name[2]) return null;
  return { mediaType: pictureKinds[row.kind].mediaType, bytes: row.bytes };
}

/** The courses whose picture is an upload (a path under PICTURES_PATH), with its file name. */
export function uploadedPicturesOf(courses: readonly CourseDocument[]) {
  return courses.flatMap(({ id, thumbnail }) => {
    const file = thumbnail?.startsWith(`${PICTURES_PATH}/`)
      ? thumbnail.slice(PICTURES_PATH.length + 1)
      : '';
    const name = pictureFileName.exec(file);
    return name ? [{ courseId: id, path: thumbnail!, file, sha256: name[1]! }] : [];
  });
}

/**
 * The courses whose picture is an upload this database does not hold: a folder whose
 * `pictures/` lacks the file names a picture only another install's database holds.
 */
export async function listMissingPictures(
  db: Database,
  courses: readonly CourseDocument[],
): Promise<{ courseId: string; path: string }[]> {
  const uploaded = uploadedPicturesOf(courses);
  if (uploaded.length === 0) return [];
  const stored = await db
    .select({ sha256: contentPictures.sha256 })
    .from(contentPictures)
    .where(inArray(contentPictures.sha256, uploaded.map((picture) => picture.sha256)));
  const held = new Set(stored.map((row) => row.sha256));
  return uploaded
    .filter((picture) => !held.has(picture.sha256))
    .map(({ courseId, path }) => ({ courseId, path }));
}

/**
 * How long a picture no course names is kept after its last upload: an admin uploads before they
 * save the draft that names it, and may take a picture out and put it back.
 */
export const UNUSED_PICTURE_KEEP_DAYS = 30;

/**
 * The hourly prune: a picture that neither a draft nor any published version (one an admin may
 * restore) names, uploaded over UNUSED_PICTURE_KEEP_DAYS ago, is deleted.
 */
export async function pruneUnusedPictures(db: Database): Promise<number> {
  const named = (document: AnyPgColumn) =>
    sql`${document} ->> 'thumbnail' like ${`${PICTURES_PATH}/`} || ${contentPictures.sha256} || '.%'`;
  const removed = await db
    .delete(contentPictures)
    .where(
      sql`${contentPictures.uploadedAt} < now() - make_interval(days => ${UNUSED_PICTURE_KEEP_DAYS})
          and not exists (select 1 from ${courseDrafts} where ${named(courseDrafts.document)})
          and not exists (select 1 from ${courseVersions} where ${named(courseVersions.document)})`,
    )
    .returning({ sha256: contentPictures.sha256 });
  return removed.length;
}

const pictureFileName = /^([0-9a-f]{64})\.(jpg|png|webp)$/;

function picturePath(sha256: string, kind: PictureKind): string {
  return `${PICTURES_PATH}/${sha256}.${pictureKinds[kind].extension}`;
}
