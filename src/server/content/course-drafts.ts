import { and, desc, eq, max, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  contentMessages,
  type ContentChange,
  type ContentCourseListItem,
  type CourseDocument,
  type CourseDraft,
  type CreateCourseBody,
  type PublishedVersion,
} from '../../shared/api/content.ts';
import { formatDateTime } from '../../shared/rules/dates.ts';
import type { Executor } from '../db/client.ts';
import { contentChanges, courseDrafts, courseVersions } from '../db/schema/content.ts';
import { AppError } from '../http/errors.ts';
import { requireLearnerWorkKept, type FindLearnerWork } from './learner-work.ts';
import {
  catalogueWith,
  notifyContentPublished,
  type ContentActor,
} from './published-content.ts';

type ChangeAction = ContentChange['action'];

export async function listCourseDrafts(db: Executor): Promise<ContentCourseListItem[]> {
  const published = db
    .select({ courseId: courseVersions.courseId, version: max(courseVersions.version).as('v') })
    .from(courseVersions)
    .groupBy(courseVersions.courseId)
    .as('published');
  const rows = await db
    .select({ draft: courseDrafts, publishedVersion: published.version })
    .from(courseDrafts)
    .leftJoin(published, eq(published.courseId, courseDrafts.courseId))
    .orderBy(courseDrafts.courseId);
  return rows.map(({ draft, publishedVersion }) => ({
    id: draft.courseId,
    title: draft.document.title,
    draftVersion: draft.version,
    publishedVersion,
    hasUnpublishedChanges: draft.publishedDraftVersion !== draft.version,
    updatedBy: draft.updatedBy,
    updatedAt: draft.updatedAt.toISOString(),
  }));
}

/** A new course's draft: a module to fill, and coming soon until the admin sets it for sale. */
export async function createCourseDraft(
  db: Executor,
  actor: ContentActor,
  { id, title }: CreateCourseBody,
): Promise<CourseDraft> {
  const document: CourseDocument = {
    id,
    title,
    description: title,
    level: 'foundational',
    prerequisites: [],
    priceCents: 12_500,
    required: false,
    comingSoon: true,
    overview: '',
    modules: [],
  };
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(courseDrafts)
      .values({ courseId: id, document, updatedBy: actor.email })
      .onConflictDoNothing()
      .returning({ courseId: courseDrafts.courseId });
    if (!created) throw new AppError('bad_request', contentMessages.idTaken(id), { id: 'taken' });
    await recordChange(tx, actor, id, 'created', `created "${title}"`);
  });
  return readCourseDraft(db, id);
}

export async function readCourseDraft(db: Executor, courseId: string): Promise<CourseDraft> {
  const [[row], [published]] = await Promise.all([
    db.select().from(courseDrafts).where(eq(courseDrafts.courseId, courseId)),
    db
      .select({ version: max(courseVersions.version) })
      .from(courseVersions)
      .where(eq(courseVersions.courseId, courseId)),
  ]);
  if (!row) throw new AppError('not_found', contentMessages.courseNotFound);
  return {
    draft: row.document,
    version: row.version,
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt.toISOString(),
    publishedVersion: published?.version ?? null,
  };
}

/**
 * The draft locked until the transaction ends, when nobody saved since `version`; a later save
 * is refused with who made it and when, never overwritten in silence.
 */
async function lockDraftAt(tx: Executor, courseId: string, version: number) {
  const [row] = await tx
    .select()
    .from(courseDrafts)
    .where(eq(courseDrafts.courseId, courseId))
    .for('update');
  if (!row) throw new AppError('not_found', contentMessages.courseNotFound);
  if (row.version !== version) {
    throw new AppError(
      'conflict',
      contentMessages.versionConflict(row.updatedBy, formatDateTime(row.updatedAt)),
    );
  }
  return row;
}

export interface DraftChange {
  actor: ContentActor;
  courseId: string;
  findLearnerWork: FindLearnerWork;
}

export async function saveCourseDraft(
  db: Executor,
  { actor, courseId, findLearnerWork }: DraftChange,
  { version, draft }: { version: number; draft: CourseDocument },
): Promise<CourseDraft> {
  if (draft.id !== courseId) {
    throw new AppError('bad_request', `draft.id: must stay ${courseId}`, { 'draft.id': 'changed' });
  }
  await requireLearnerWorkKept(findLearnerWork, draft);
  await db.transaction(async (tx) => {
    await lockDraftAt(tx, courseId, version);
    await writeDraft(tx, actor, draft, version + 1);
    await recordChange(tx, actor, courseId, 'saved', `saved draft version ${version + 1}`);
  });
  return readCourseDraft(db, courseId);
}

async function writeDraft(
  tx: Executor,
  actor: ContentActor,
  document: CourseDocument,
  version: number,
  publishedDraftVersion?: number,
) {
  await tx
    .update(courseDrafts)
    .set({
      document,
      version,
      updatedAt: new Date(),
      updatedBy: actor.email,
      ...(publishedDraftVersion ? { publishedDraftVersion } : {}),
    })
    .where(eq(courseDrafts.courseId, document.id));
}

/** Publishes the draft an admin read (`version`) and tells every process; answers the version. */
export async function publishCourseDraft(
  app: FastifyInstance,
  { actor, courseId, findLearnerWork }: DraftChange,
  version: number,
): Promise<number> {
  const published = await app.db.transaction(async (tx) => {
    const draft = await lockDraftAt(tx, courseId, version);
    await catalogueWith(tx, draft.document);
    await requireLearnerWorkKept(findLearnerWork, draft.document);
    const next = await insertPublishedVersion(tx, actor, draft.document);
    await tx
      .update(courseDrafts)
      .set({ publishedDraftVersion: version })
      .where(eq(courseDrafts.courseId, courseId));
    await recordChange(tx, actor, courseId, 'published', `published version ${next}`);
    await notifyContentPublished(tx);
    return next;
  });
  await app.catalogue.reload();
  return published;
}

/** Publishes `document` as its course's next version; answers that version. */
export async function insertPublishedVersion(
  tx: Executor,
  actor: ContentActor,
  document: CourseDocument,
): Promise<number> {
  const [latest] = await tx
    .select({ version: max(courseVersions.version) })
    .from(courseVersions)
    .where(eq(courseVersions.courseId, document.id));
  const version = (latest?.version ?? 0) + 1;
  await tx
    .insert(courseVersions)
    .values({ courseId: document.id, version, document, publishedBy: actor.email });
  return version;
}

/**
 * A course as read from content/ (a new install, `content:import`): published at once, and its
 * draft made the same document.
 */
export async function publishImportedCourse(
  tx: Executor,
  actor: ContentActor,
  document: CourseDocument,
): Promise<void> {
  const version = await insertPublishedVersion(tx, actor, document);
  const [draft] = await tx
    .select({ version: courseDrafts.version })
    .from(courseDrafts)
    .where(eq(courseDrafts.courseId, document.id))
    .for('update');
  if (draft) {
    await writeDraft(tx, actor, document, draft.version + 1, draft.version + 1);
  } else {
    await tx.insert(courseDrafts).values({
      courseId: document.id,
      document,
      version: 1,
      publishedDraftVersion: 1,
      updatedBy: actor.email,
    });
  }
  await recordChange(tx, actor, document.id, 'imported', `published version ${version} from content/`);
}

export async function listPublishedVersions(
  db: Executor,
  courseId: string,
): Promise<PublishedVersion[]> {
  await readCourseDraft(db, courseId);
  const rows = await db
    .select({
      version: courseVersions.version,
      publishedBy: courseVersions.publishedBy,
      publishedAt: courseVersions.publishedAt,
      title: sql<string>`${courseVersions.document}->>'title'`,
    })
    .from(courseVersions)
    .where(eq(courseVersions.courseId, courseId))
    .orderBy(desc(courseVersions.version));
  return rows.map((row) => ({ ...row, publishedAt: row.publishedAt.toISOString() }));
}

/** Puts a published version back into the draft, as a save would; publishing it is a next step. */
export async function restorePublishedVersion(
  db: Executor,
  { actor, courseId, findLearnerWork }: DraftChange,
  version: number,
): Promise<CourseDraft> {
  const [row] = await db
    .select({ document: courseVersions.document })
    .from(courseVersions)
    .where(and(eq(courseVersions.courseId, courseId), eq(courseVersions.version, version)));
  if (!row) throw new AppError('not_found', contentMessages.versionNotFound);
  await requireLearnerWorkKept(findLearnerWork, row.document);
  await db.transaction(async (tx) => {
    const [draft] = await tx
      .select({ version: courseDrafts.version })
      .from(courseDrafts)
      .where(eq(courseDrafts.courseId, courseId))
      .for('update');
    if (!draft) throw new AppError('not_found', contentMessages.courseNotFound);
    await writeDraft(tx, actor, row.document, draft.version + 1);
    await recordChange(tx, actor, courseId, 'restored', `restored version ${version} into the draft`);
  });
  return readCourseDraft(db, courseId);
}

export async function recordChange(
  tx: Executor,
  actor: ContentActor,
  courseId: string,
  action: ChangeAction,
  detail: string,
): Promise<void> {
  await tx
    .insert(contentChanges)
    .values({ courseId, action, detail, actorId: actor.id, actorEmail: actor.email });
}

const CHANGES_SHOWN = 100;

export async function listContentChanges(db: Executor): Promise<ContentChange[]> {
  const rows = await db
    .select()
    .from(contentChanges)
    .orderBy(desc(contentChanges.createdAt), desc(contentChanges.id))
    .limit(CHANGES_SHOWN);
  return rows.map((row) => ({
    id: String(row.id),
    changedAt: row.createdAt.toISOString(),
    changedBy: row.actorEmail,
    courseId: row.courseId,
    action: row.action as ChangeAction,
    detail: row.detail,
  }));
}
