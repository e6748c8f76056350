import type { CourseDocument } from '../../shared/api/content.ts';
import { contentMessages } from '../../shared/api/content.ts';
import { AppError } from '../http/errors.ts';

/** What learners did in a course: the lessons they completed or watched, the prompts they answered. */
export interface LearnerWork {
  lessonIds: string[];
  prompts: { lessonId: string; promptId: string }[];
}

/** Supplied by the learning feature in app.ts, which owns the learners' answers and progress. */
export type FindLearnerWork = (courseId: string) => Promise<LearnerWork>;

/**
 * Refuses a document that leaves out a lesson or prompt learners worked on: such a one is
 * retired (hidden from new learners, its answers kept), never removed.
 */
export async function requireLearnerWorkKept(
  findLearnerWork: FindLearnerWork,
  document: CourseDocument,
): Promise<void> {
  const work = await findLearnerWork(document.id);
  const lessons = new Map(
    document.modules.flatMap((module) => module.lessons).map((lesson) => [lesson.id, lesson]),
  );
  const lostLesson = work.lessonIds.find((lessonId) => !lessons.has(lessonId));
  if (lostLesson) throw new AppError('bad_request', contentMessages.lessonHasWork(lostLesson));
  for (const { lessonId, promptId } of work.prompts) {
    const lesson = lessons.get(lessonId);
    if (!lesson) throw new AppError('bad_request', contentMessages.lessonHasWork(lessonId));
    if (!lesson.reflectionPrompts.some((prompt) => prompt.id === promptId)) {
      throw new AppError('bad_request', contentMessages.promptHasAnswers(promptId));
    }
  }
}
