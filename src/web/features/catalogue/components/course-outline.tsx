import { PlayCircle } from 'lucide-react';
import type { CourseOutline } from '../../../../shared/api/catalogue.ts';
import { Link } from '../../../lib/router/router.tsx';
import { lessonPath } from '../../../lib/paths.ts';
import { formatLength } from '../course-length.ts';

const lessonKinds = { video: 'Video', practice: 'Practice', integration: 'Integration' } as const;

/** The modules and their lessons, with lengths; a free preview opens from here without an account. */
export function CourseOutlineList({ course }: { course: CourseOutline }) {
  return (
    <ol className="space-y-6">
      {course.modules.map((module) => {
        const seconds = module.lessons.reduce((sum, lesson) => sum + lesson.duration, 0);
        return (
          <li key={module.id} className="rounded-2xl bg-white p-5 shadow-sm">
            <h3 className="font-display text-xl font-bold text-ink-900">
              <span className="text-flame-700">Module {module.order}:</span> {module.title}
            </h3>
            <p className="mt-1 text-ink-800">{module.description}</p>
            <p className="mt-1 text-sm text-ink-700">
              {module.lessons.length} {module.lessons.length === 1 ? 'lesson' : 'lessons'} ·{' '}
              {formatLength(seconds)}
            </p>
            <ol className="mt-3 divide-y divide-ink-600/10">
              {module.lessons.map((lesson) => (
                <li key={lesson.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2">
                  <span className="min-w-0 flex-1 text-ink-900">{lesson.title}</span>
                  <span className="text-sm text-ink-700">
                    {lessonKinds[lesson.type]} · {formatLength(lesson.duration)}
                  </span>
                  {lesson.isPreview && (
                    <Link
                      to={lessonPath({
                        courseId: course.id,
                        moduleId: module.id,
                        lessonId: lesson.id,
                      })}
                      className="inline-flex items-center gap-1 text-sm font-semibold text-flame-700 underline"
                    >
                      <PlayCircle aria-hidden="true" className="h-4 w-4" />
                      Free preview<span className="sr-only">: {lesson.title}</span>
                    </Link>
                  )}
                </li>
              ))}
            </ol>
          </li>
        );
      })}
    </ol>
  );
}
