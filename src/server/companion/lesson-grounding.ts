import {
  COURSE_CONTENT_LIMIT,
  REFLECTION_EXCERPT_LIMIT,
  truncate,
} from '../../shared/rules/companion.ts';
import { AppError } from '../http/errors.ts';
import type { CompanionContext, CompanionReflection } from './companion-context.ts';

export interface LessonRef {
  courseId: string;
  moduleId: string;
  lessonId: string;
}

/** The current course and lesson as the AI sees them: titles and the content, cut to 1500. */
export function describeLesson(context: CompanionContext, ref: LessonRef): string {
  const course = context.catalogue.getCourse(ref.courseId);
  const module = course?.modules.find((candidate) => candidate.id === ref.moduleId);
  const lesson = module?.lessons.find((candidate) => candidate.id === ref.lessonId);
  if (!course || !module || !lesson) throw new AppError('not_found', 'Lesson not found');
  return [
    `Course: ${course.title}`,
    `Module: ${module.title}`,
    `Lesson: ${lesson.title}`,
    `Lesson content:\n${truncate(lesson.content, COURSE_CONTENT_LIMIT)}`,
  ].join('\n');
}

export function describeReflections(reflections: readonly CompanionReflection[]): string {
  if (reflections.length === 0) return 'The learner has not written any reflections yet.';
  return reflections
    .map(
      (reflection, index) =>
        `${index + 1}. ${reflection.question}\n${truncate(reflection.response, REFLECTION_EXCERPT_LIMIT)}`,
    )
    .join('\n\n');
}

export function findLessonTitle(context: CompanionContext, ref: LessonRef): string {
  const course = context.catalogue.getCourse(ref.courseId);
  const lesson = course?.modules
    .find((module) => module.id === ref.moduleId)
    ?.lessons.find((candidate) => candidate.id === ref.lessonId);
  if (!lesson) throw new AppError('not_found', 'Lesson not found');
  return lesson.title;
}
