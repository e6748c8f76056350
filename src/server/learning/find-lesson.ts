import type { LessonParams } from '../../shared/api/learning.ts';
import type { Catalogue, Course, Lesson, Module } from '../catalogue/catalogue.ts';
import { AppError } from '../http/errors.ts';

export interface LessonInCourse {
  course: Course;
  module: Module;
  lesson: Lesson;
}

/** The lesson at course › module › lesson, or 404 when any of them is missing. */
export function findLesson(catalogue: Catalogue, params: LessonParams): LessonInCourse {
  const course = catalogue.getCourse(params.courseId);
  const module = course?.modules.find((candidate) => candidate.id === params.moduleId);
  const lesson = module?.lessons.find((candidate) => candidate.id === params.lessonId);
  if (!course || !module || !lesson) throw new AppError('not_found', 'Lesson Not Found');
  return { course, module, lesson };
}
