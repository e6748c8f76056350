import { CheckCircle2, Eye, Lock } from 'lucide-react';
import { formatDate } from '../../../../shared/rules/dates.ts';
import { Link } from '../../../lib/router/router.tsx';
import type { ModuleOutline } from '../../../../shared/api/catalogue.ts';
import { lessonPath } from '../../../lib/paths.ts';

export interface CourseContentsProps {
  courseId: string;
  modules: ModuleOutline[];
  currentLessonId: string;
  completedLessonIds: readonly string[];
  /** Lessons whose video the learner watched to 90% or more. */
  watchedLessonIds: readonly string[];
  /** Paced release: modules not open yet for this learner, with the day each opens. */
  lockedModules?: readonly { moduleId: string; opensOn: string }[];
}

/** The course's lessons by module, with what the learner completed and watched. */
export function CourseContents({
  courseId,
  modules,
  currentLessonId,
  completedLessonIds,
  watchedLessonIds,
  lockedModules = [],
}: CourseContentsProps) {
  return (
    <nav aria-label="Course contents" className="rounded-xl border border-ink-600/20 bg-white p-4">
      <h2 className="font-display text-lg font-bold text-ink-900">Course contents</h2>
      <ol className="mt-3 space-y-4">
        {modules.map((module) => {
          const locked = lockedModules.find((entry) => entry.moduleId === module.id);
          return (
            <li key={module.id}>
              <p className="text-sm font-semibold text-ink-900">{module.title}</p>
              {locked && (
                <p className="mt-0.5 inline-flex items-center gap-1 text-xs text-ink-700">
                  <Lock className="h-3.5 w-3.5" aria-hidden="true" />
                  Opens on {formatDate(locked.opensOn)}
                </p>
              )}
              <ol className="mt-1 space-y-0.5">
                {module.lessons.map((lesson) => {
                  if (locked && !lesson.isPreview) {
                    return (
                      <li
                        key={lesson.id}
                        className="flex items-start gap-2 px-2 py-1.5 text-sm text-ink-700"
                      >
                        <Lock
                          aria-hidden="true"
                          className="mt-0.5 h-4 w-4 shrink-0 text-ink-600/50"
                        />
                        <span className="flex-1">{lesson.title}</span>
                      </li>
                    );
                  }
                  const isCurrent = lesson.id === currentLessonId;
                  const isCompleted = completedLessonIds.includes(lesson.id);
                  const isWatched = watchedLessonIds.includes(lesson.id);
                  return (
                    <li key={lesson.id}>
                      <Link
                        to={lessonPath({ courseId, moduleId: module.id, lessonId: lesson.id })}
                        aria-current={isCurrent ? 'page' : undefined}
                        className={`flex items-start gap-2 rounded px-2 py-1.5 text-sm hover:bg-flame-50 ${isCurrent ? 'bg-flame-100 font-semibold text-ink-900' : 'text-ink-800'}`}
                      >
                        <CheckCircle2
                          aria-hidden="true"
                          className={`mt-0.5 h-4 w-4 shrink-0 ${isCompleted ? 'text-green-700' : 'text-ink-600/30'}`}
                        />
                        <span className="flex-1">
                          {lesson.title}
                          {isCompleted && <span className="sr-only"> (completed)</span>}
                        </span>
                        {isWatched && (
                          <span className="inline-flex shrink-0 items-center gap-1 text-xs text-ink-700">
                            <Eye className="h-3.5 w-3.5" aria-hidden="true" />
                            Watched
                          </span>
                        )}
                      </Link>
                    </li>
                  );
                })}
              </ol>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
