import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../shared/api/auth.ts';
import type {
  LessonParams,
  SaveVideoProgressInput,
  VideoProgress,
} from '../../shared/api/learning.ts';
import { isVideoWatched, watchedPercent } from '../../shared/rules/video.ts';
import { requireCourseAccess } from '../access/course-access.ts';
import type { Lesson } from '../catalogue/catalogue.ts';
import type { Database } from '../db/client.ts';
import { videoProgress } from '../db/schema/learning.ts';
import { AppError } from '../http/errors.ts';
import { findLesson } from './find-lesson.ts';

export type VideoProgressRow = typeof videoProgress.$inferSelect;

export function toVideoProgress(row: VideoProgressRow): VideoProgress {
  return { percent: row.progress, positionSeconds: row.positionSeconds, watched: row.completed };
}

/** The learner's watch progress in every lesson, most recently watched first. */
export async function listVideoProgress(db: Database, userId: string): Promise<VideoProgressRow[]> {
  return db
    .select()
    .from(videoProgress)
    .where(eq(videoProgress.userId, userId))
    .orderBy(desc(videoProgress.lastWatchedAt));
}

/** The first play of a lesson's video: recorded once, later starts only touch the time. */
export async function startVideo(
  app: FastifyInstance,
  user: SessionUser,
  params: LessonParams,
): Promise<VideoProgress> {
  const target = await requireLessonVideo(app, user, params);
  const [row] = await app.db
    .insert(videoProgress)
    .values(target)
    .onConflictDoUpdate({
      target: [videoProgress.userId, videoProgress.courseId, videoProgress.lessonId],
      set: { lastWatchedAt: new Date() },
    })
    .returning();
  return toVideoProgress(row!);
}

/** Saves where the learner is; the furthest point only grows, and 90% is watched for good. */
export async function saveVideoProgress(
  app: FastifyInstance,
  user: SessionUser,
  input: SaveVideoProgressInput,
): Promise<VideoProgress> {
  const target = await requireLessonVideo(app, user, input);
  const percent = watchedPercent(input.positionSeconds, input.durationSeconds);
  const positionSeconds = Math.floor(input.positionSeconds);
  const [row] = await app.db
    .insert(videoProgress)
    .values({
      ...target,
      progress: percent,
      positionSeconds,
      completed: isVideoWatched(percent),
    })
    .onConflictDoUpdate({
      target: [videoProgress.userId, videoProgress.courseId, videoProgress.lessonId],
      set: {
        videoId: target.videoId,
        progress: sql`greatest(${videoProgress.progress}, excluded.progress)`,
        positionSeconds,
        completed: sql`${videoProgress.completed} or excluded.completed`,
        lastWatchedAt: new Date(),
      },
    })
    .returning();
  return toVideoProgress(row!);
}

async function requireLessonVideo(app: FastifyInstance, user: SessionUser, params: LessonParams) {
  const { course, module, lesson } = findLesson(app.catalogue, params);
  if (!lesson.isPreview) await requireCourseAccess(app, user, course.id);
  const videoId = lessonVideoOf(lesson);
  if (!videoId) throw new AppError('not_found', 'This lesson has no video.');
  return {
    userId: user.id,
    courseId: course.id,
    moduleId: module.id,
    lessonId: lesson.id,
    videoId,
  };
}

/** What a lesson's progress is kept against: its Vimeo id, or the address of its video file. */
export function lessonVideoOf(lesson: Lesson): string | undefined {
  return lesson.vimeoVideoId ?? lesson.videoUrl;
}
