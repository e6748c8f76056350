import { ArrowLeft } from 'lucide-react';
import { Link } from '../../../lib/router/router.tsx';
import { paths } from '../../../lib/paths.ts';

export interface LessonHeaderProps {
  courseTitle: string;
  moduleTitle: string;
  lessonTitle: string;
  progress: number;
  completedLessons: number;
  totalLessons: number;
}

/** Back to the dashboard, the course, module › lesson, and the course progress. */
export function LessonHeader({
  courseTitle,
  moduleTitle,
  lessonTitle,
  progress,
  completedLessons,
  totalLessons,
}: LessonHeaderProps) {
  return (
    <header className="border-b border-ink-600/20 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-4 sm:px-6">
        <Link
          to={paths.dashboard}
          className="inline-flex items-center gap-1.5 rounded font-medium text-ink-800 hover:text-flame-700"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to Dashboard
        </Link>
        <div className="min-w-0 flex-1">
          <p className="truncate font-display text-lg font-bold text-ink-900">{courseTitle}</p>
          <nav aria-label="Breadcrumb">
            <ol className="flex flex-wrap items-center gap-1 text-sm text-ink-700">
              <li>{moduleTitle}</li>
              <li aria-hidden="true">&gt;</li>
              <li aria-current="page">{lessonTitle}</li>
            </ol>
          </nav>
        </div>
        <div className="w-full sm:w-64">
          <div className="flex justify-between text-sm text-ink-800">
            <span>{progress}% complete</span>
            <span>
              {completedLessons}/{totalLessons} lessons
            </span>
          </div>
          <div
            role="progressbar"
            aria-label="Course progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="mt-1 h-2 overflow-hidden rounded-full bg-ink-600/15"
          >
            <div className="h-full rounded-full bg-flame-600" style={{ width: `${progress}%` }} />
          </div>
        </div>
      </div>
    </header>
  );
}
