import { formatDateTime } from '../../../../shared/rules/dates.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { usePublishedVersions, useRestoreVersion } from '../api/content-courses.ts';

/** The course's published versions, newest first; restoring one puts it in the draft. */
export function VersionHistory({ courseId }: { courseId: string }) {
  const versions = usePublishedVersions(courseId);
  const restore = useRestoreVersion(courseId);
  return (
    <section aria-labelledby="published-versions" className="space-y-3">
      <h3 id="published-versions" className="font-display text-xl font-semibold">
        Published versions
      </h3>
      {versions.isError && <ErrorAlert>Failed to load the published versions</ErrorAlert>}
      {versions.data?.versions.length === 0 && <p>No published versions yet.</p>}
      {restore.error && <ErrorAlert>{messageOf(restore.error, 'Failed to restore')}</ErrorAlert>}
      {restore.isSuccess && (
        <p role="status">
          Version {restore.variables} restored into the draft: publish it to go live.
        </p>
      )}
      <ul className="space-y-2">
        {versions.data?.versions.map((version) => (
          <li
            key={version.version}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-ink-600/20 bg-white p-3 text-sm"
          >
            <span>
              Version {version.version}: “{version.title}”, published by {version.publishedBy} on{' '}
              {formatDateTime(version.publishedAt)}
            </span>
            <Button
              variant="secondary"
              className="px-3 py-1 text-sm"
              disabled={restore.isPending}
              aria-label={`Restore version ${version.version}`}
              onClick={() => restore.mutate(version.version)}
            >
              Restore
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
