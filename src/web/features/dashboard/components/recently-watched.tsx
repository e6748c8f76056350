import { PlayCircle } from 'lucide-react';
import { Link } from '../../../lib/router/router.tsx';
import type { RecentlyWatched as RecentlyWatchedEntry } from '../../../../shared/api/dashboard.ts';
import { lessonPath } from '../../../lib/paths.ts';
import { Panel } from '../../../components/ui/panel.tsx';

/** The learner's own most recently played lesson videos. */
export function RecentlyWatched({ entries }: { entries: RecentlyWatchedEntry[] }) {
  return (
    <Panel title="Recently Watched">
      {entries.length === 0 ? (
        <p className="mt-4 text-ink-700">Lessons you watch will appear here.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {entries.map((entry) => (
            <li key={`${entry.courseId}/${entry.lessonId}`}>
              <Link
                to={lessonPath(entry)}
                className="flex items-center gap-3 rounded-lg p-2 hover:bg-flame-50"
              >
                <PlayCircle className="h-8 w-8 shrink-0 text-flame-700" aria-hidden="true" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold text-ink-900">
                    {entry.lessonTitle}
                  </span>
                  <span className="block truncate text-sm text-ink-700">{entry.courseTitle}</span>
                </span>
                <span className="shrink-0 text-sm text-ink-800">
                  {entry.watched ? 'Watched' : `${entry.percent}% watched`}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
