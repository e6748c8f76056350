import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  max,
  min,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type {
  HeldReflection,
  LessonParams,
  Reflection,
  SaveReflectionInput,
} from '../../shared/api/learning.ts';
import {
  REFLECTION_COMPLETION_MINIMUM,
  isReflectionCompleted,
  reflectionLength,
  reflectionMessages,
  type ReflectionAction,
} from '../../shared/rules/reflection.ts';
import { assessCrisis } from '../../shared/rules/crisis-detection.ts';
import { readSafety, type SafetyReading } from '../../shared/rules/companion.ts';
import type { SessionUser } from '../../shared/api/auth.ts';
import { requireCourseAccess } from '../access/course-access.ts';
import { isPaced, requireModuleOpen } from '../access/module-openings.ts';
import { enrollmentGrantsAccessSql } from '../access/enrollment-checks.ts';
import type { PaymentMode } from '../config.ts';
import type { Database } from '../db/client.ts';
import { lessonReflections } from '../db/schema/learning.ts';
import { AppError } from '../http/errors.ts';
import type { PendingSession } from '../http/guards.ts';
import {
  isAdminSession,
  sessionUserCte,
  sessionUserId,
  sessionUserRead,
} from '../users/find-session-user.ts';
import { findLesson, type LessonInCourse } from './find-lesson.ts';
import type { FieldCipher, FieldContext } from '../db/field-cipher.ts';
import { prepareOnce, prepareSql, type ValueOrPlaceholder } from '../db/prepare-once.ts';
import { rowsOf } from '../db/read-together.ts';

type ReflectionRow = typeof lessonReflections.$inferSelect;

/** The learner's reflections on one lesson, oldest first, decrypted. */
export async function listReflections(
  app: FastifyInstance,
  userId: string,
  params: LessonParams,
): Promise<Reflection[]> {
  const rows = await app.db
    .select()
    .from(lessonReflections)
    .where(reflectionsOfLesson(userId, params))
    .orderBy(asc(lessonReflections.createdAt));
  return decryptReflections(app, rows);
}

/** The same rows as listReflections, as a read that can share a statement with others. */
export function reflectionRowsRead(
  userId: ValueOrPlaceholder<string>,
  params: { [Key in keyof LessonParams]: ValueOrPlaceholder<string> },
) {
  return rowsOf(
    lessonReflections,
    reflectionsOfLesson(userId, params),
    sql`order by ${lessonReflections.createdAt}`,
  );
}

export function decryptReflections(app: FastifyInstance, rows: ReflectionRow[]): Reflection[] {
  return rows.map((row) => ({
    promptId: row.promptId,
    response: app.reflectionCipher.decrypt(row.response, reflectionContext(row)),
    completed: row.completed,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

function reflectionsOfLesson(
  userId: ValueOrPlaceholder<string>,
  params: { [Key in keyof LessonParams]: ValueOrPlaceholder<string> },
) {
  return and(
    eq(lessonReflections.userId, userId),
    eq(lessonReflections.courseId, params.courseId),
    eq(lessonReflections.moduleId, params.moduleId),
    eq(lessonReflections.lessonId, params.lessonId),
  );
}

/**
 * Saves the learner's answer to one prompt. A Save of 100 characters or a Submit (which needs
 * 100) completes it; the autosave only keeps the draft. Completed stays completed, even against
 * a concurrent save. A learner with an enrollment (or an admin) whose session this process has
 * seen before is saved in one statement, the session read included. The crisis detector's
 * reading is stored with it, so an answer at risk never reaches the AI vendor.
 *
 * A save that names the version it was written on (`basedOn`) is refused with the text the
 * server holds when another save came in between; one whose `saveId` is the last stored is
 * answered as it was, and changes nothing (`replayed`).
 */
export async function saveReflection(
  app: FastifyInstance,
  session: PendingSession,
  input: SaveReflectionInput,
): Promise<
  Reflection & { question: string; crisis: SafetyReading; replayed?: { isAtRisk: boolean } }
> {
  const { course, module, lesson } = findLesson(app.catalogue, input);
  const prompt = lesson.reflectionPrompts.find((candidate) => candidate.id === input.promptId);
  if (!prompt) throw new AppError('not_found', 'Reflection prompt not found');
  const action = input.action ?? 'save';
  // A paced module not open yet takes nothing: the learner is read, then weighed, before a write.
  let pacedUser: SessionUser | undefined;
  if (isPaced(module) && !lesson.isPreview) {
    pacedUser = await session.readUser();
    await requireCourseAccess(app, pacedUser, course.id);
    await requireModuleOpen(app, pacedUser, course, module, lesson);
  }
  if (action === 'submit' && reflectionLength(input.response) < REFLECTION_COMPLETION_MINIMUM) {
    if (!lesson.isPreview) await requireCourseAccess(app, await session.readUser(), course.id);
    throw new AppError('bad_request', reflectionMessages.tooShortToSubmit, {
      response: reflectionMessages.tooShortToSubmit,
    });
  }

  const now = new Date();
  const target = { course, module, lesson, prompt, action };
  const crisis = readSafety(assessCrisis(input.response));
  const rowOf = (userId: string) => ({
    ...reflectionValues(app, userId, target, input.response, now),
    isAtRisk: crisis.level === 'at-risk',
    saveId: input.saveId ?? null,
    checksVersion: input.basedOn !== undefined,
    basedOn: input.basedOn ?? null,
  });
  const statements = upsertReflectionStatements(app.db);
  const userId = pacedUser?.id ?? session.userId ?? (await session.readUser()).id;
  const ifEnrolled = pacedUser
    ? undefined
    : await statements.ifSignedInAndEnrolled({
        ...rowOf(userId),
        token: session.token,
        now,
        paymentMode: app.config.paymentMode,
      });
  let saved: SavedReflection | undefined;
  if (ifEnrolled) {
    await session.settle(ifEnrolled.session);
    saved = ifEnrolled;
  } else if (pacedUser) {
    saved = await statements.always(rowOf(pacedUser.id));
  } else {
    const user = await session.readUser();
    if (!lesson.isPreview) await requireCourseAccess(app, user, course.id);
    saved = await statements.always(rowOf(user.id));
  }
  const base = { promptId: prompt.id, question: prompt.question, crisis };
  if (saved) return { ...base, response: input.response, ...saved };
  const held = await getHeldReflection(app, userId, target);
  if (held.saveId === null || held.saveId !== input.saveId) {
    throw new AppError('version_conflict', reflectionMessages.changedElsewhere, undefined, {
      promptId: prompt.id,
      response: held.response,
      completed: held.completed,
      updatedAt: held.updatedAt,
      // The browser that made this save knows it as its own, not another device's.
      saveId: held.saveId,
    } satisfies HeldReflection);
  }
  return { ...base, ...held, replayed: { isAtRisk: held.isAtRisk } };
}

/** What the server holds for the prompt, after a save that changed nothing. */
async function getHeldReflection(app: FastifyInstance, userId: string, target: ReflectionTarget) {
  const key = {
    userId,
    courseId: target.course.id,
    moduleId: target.module.id,
    lessonId: target.lesson.id,
    promptId: target.prompt.id,
  };
  const [row] = await app.db
    .select()
    .from(lessonReflections)
    .where(and(reflectionsOfLesson(userId, key), eq(lessonReflections.promptId, key.promptId)));
  // Stored between the two statements and gone again (the account deleted): nothing to show.
  if (!row) throw new AppError('conflict', reflectionMessages.changedElsewhere);
  const [reflection] = decryptReflections(app, [row]);
  return { ...reflection!, saveId: row.saveId, isAtRisk: row.isAtRisk };
}

/** The companion's second signal found what the detector did not. */
export async function markReflectionAtRisk(
  db: Database,
  key: LessonParams & { userId: string; promptId: string },
): Promise<void> {
  await db
    .update(lessonReflections)
    .set({ isAtRisk: true })
    .where(and(reflectionsOfLesson(key.userId, key), eq(lessonReflections.promptId, key.promptId)));
}

interface ReflectionTarget extends LessonInCourse {
  prompt: LessonInCourse['lesson']['reflectionPrompts'][number];
  action: ReflectionAction;
}

/** The row a save stores; its answer is encrypted for its owner, who must be known first. */
function reflectionValues(
  app: FastifyInstance,
  userId: string,
  { course, module, lesson, prompt, action }: ReflectionTarget,
  response: string,
  now: Date,
): ReflectionValues {
  const key = {
    userId,
    courseId: course.id,
    moduleId: module.id,
    lessonId: lesson.id,
    promptId: prompt.id,
  };
  return {
    ...key,
    isAtRisk: false,
    moduleName: module.title,
    lessonName: lesson.title,
    question: prompt.question,
    response: app.reflectionCipher.encrypt(response, reflectionContext(key)),
    completed: isReflectionCompleted({ wasCompleted: false, response, action }),
    createdAt: now,
    updatedAt: now,
    saveId: null,
  };
}

type ReflectionValues = Omit<ReflectionRow, 'id'>;
/** Whether the save must be written on the version the server holds, and which one. */
type VersionCheck = { checksVersion: boolean; basedOn: string | null };
type SavedReflection = Pick<Reflection, 'completed' | 'updatedAt'>;

const reflectionColumns = Object.keys(getTableColumns(lessonReflections)).filter(
  (column) => column !== 'id',
) as (keyof ReflectionValues)[];

/**
 * Inserts or updates one reflection in one statement: `ifSignedInAndEnrolled` only while the
 * session of `token` is unexpired and its user is the row's, an admin or a learner with an
 * unexpired enrollment in the course (null otherwise), answering with the session read;
 * `always` once the user and their access are settled.
 */
const upsertReflectionStatements = prepareOnce((db) => {
  const userId = sql.placeholder('userId');
  const isSignedInAndEnrolled = prepareUpsertReflection(db, 'save_reflection_if_enrolled', {
    session: sessionUserCte(sql.placeholder('token'), sql.placeholder('now')),
    isAllowed: sql`${sessionUserId} = ${userId} and (${isAdminSession} or ${enrollmentGrantsAccessSql(
      userId,
      sql.placeholder('courseId'),
      sql.placeholder('paymentMode'),
    )})`,
  });
  const always = prepareUpsertReflection(db, 'save_reflection', { isAllowed: sql`true` });
  return {
    ifSignedInAndEnrolled: async (
      values: ReflectionValues &
        VersionCheck & { token: string; now: Date; paymentMode: PaymentMode },
    ) => {
      const row = await isSignedInAndEnrolled(values);
      return row && { ...toSavedReflection(row), session: sessionUserRead.decode(row.session) };
    },
    always: async (values: ReflectionValues & VersionCheck) => {
      const row = await always(values);
      return row && toSavedReflection(row);
    },
  };
});

/**
 * With `session` (sessionUserCte), the statement also answers with the session it read. It
 * answers nothing when the row was saved since `basedOn`, or last saved by this `save_id`.
 */
function prepareUpsertReflection(
  db: Database,
  name: string,
  { isAllowed, session }: { isAllowed: SQL; session?: SQL },
) {
  const statement = prepareSql<{ completed: boolean; updated_at: unknown; session?: unknown }>(
    db,
    name,
    sql`
    ${session ? sql`with ${session}` : sql``}
    insert into ${lessonReflections}
      (${sql.join(
        reflectionColumns.map((column) => sql.identifier(lessonReflections[column].name)),
        sql`, `,
      )})
    select ${sql.join(
      reflectionColumns.map(
        (column) =>
          sql`${sql.placeholder(column)}::${sql.raw(lessonReflections[column].getSQLType())}`,
      ),
      sql`, `,
    )}
    where ${isAllowed}
    on conflict (user_id, course_id, module_id, lesson_id, prompt_id) do update set
      module_name = excluded.module_name,
      lesson_name = excluded.lesson_name,
      question = excluded.question,
      response = excluded.response,
      completed = ${lessonReflections.completed} or excluded.completed,
      is_at_risk = excluded.is_at_risk,
      updated_at = excluded.updated_at,
      save_id = excluded.save_id
    where (not ${sql.placeholder('checksVersion')}::boolean
        -- The version went out as an ISO string, to the millisecond.
        or date_trunc('milliseconds', ${lessonReflections.updatedAt})
          is not distinct from ${sql.placeholder('basedOn')}::timestamptz)
      and (excluded.save_id is null or ${lessonReflections.saveId} is distinct from excluded.save_id)
    returning ${lessonReflections.completed}, ${lessonReflections.updatedAt}${session ? sql`, ${sessionUserRead.sql} as session` : sql``}`,
  );
  return async (values: Record<string, unknown>) => (await statement.execute(values)).rows[0];
}

function toSavedReflection(row: { completed: boolean; updated_at: unknown }): SavedReflection {
  // Drizzle hands timestamps over as text; its column decodes them as for any query.
  const updatedAt = lessonReflections.updatedAt.mapFromDriverValue(row.updated_at as string);
  return { completed: row.completed, updatedAt: (updatedAt as Date).toISOString() };
}

/** How many reflections the learner has written, and when the first one was. */
export async function getReflectionStats(
  db: Database,
  userId: string,
): Promise<{ total: number; firstAt: Date | null }> {
  const [stats] = await db
    .select({ total: count(), firstAt: min(lessonReflections.createdAt) })
    .from(lessonReflections)
    .where(eq(lessonReflections.userId, userId));
  return { total: stats?.total ?? 0, firstAt: stats?.firstAt ?? null };
}

/** The learner's reflections in a course, newest first, decrypted: what the companion reads. */
export async function listRecentReflections(
  db: Database,
  cipher: FieldCipher,
  userId: string,
  options: { courseId: string; limit: number; completedOnly?: boolean },
) {
  const rows = await db
    .select()
    .from(lessonReflections)
    .where(
      and(
        eq(lessonReflections.userId, userId),
        eq(lessonReflections.courseId, options.courseId),
        eq(lessonReflections.isAtRisk, false),
        options.completedOnly ? eq(lessonReflections.completed, true) : undefined,
      ),
    )
    .orderBy(desc(lessonReflections.updatedAt))
    .limit(options.limit);
  return rows.map((row) => ({
    id: row.id,
    courseId: row.courseId,
    moduleId: row.moduleId,
    lessonId: row.lessonId,
    promptId: row.promptId,
    question: row.question,
    response: cipher.decrypt(row.response, reflectionContext(row)),
    completed: row.completed,
    updatedAt: row.updatedAt,
  }));
}

export async function countCompletedReflections(
  db: Database,
  userId: string,
  courseId: string,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(lessonReflections)
    .where(
      and(
        eq(lessonReflections.userId, userId),
        eq(lessonReflections.courseId, courseId),
        eq(lessonReflections.completed, true),
      ),
    );
  return row?.total ?? 0;
}

/** Where a reflection belongs, bound into its ciphertext. */
export function reflectionContext(key: {
  userId: string;
  courseId: string;
  moduleId: string;
  lessonId: string;
  promptId: string;
}): FieldContext {
  return [key.userId, key.courseId, key.moduleId, key.lessonId, key.promptId];
}

/** For each learner named who wrote one: when they last saved a reflection not judged at risk. */
export async function listLastSafeReflectionMoments(
  db: Database,
  userIds: readonly string[],
): Promise<Map<string, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: lessonReflections.userId, at: max(lessonReflections.updatedAt) })
    .from(lessonReflections)
    .where(
      and(inArray(lessonReflections.userId, [...userIds]), eq(lessonReflections.isAtRisk, false)),
    )
    .groupBy(lessonReflections.userId);
  return new Map(rows.flatMap((row) => (row.at ? [[row.userId, row.at] as const] : [])));
}
