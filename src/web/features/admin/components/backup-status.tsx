import { CircleAlert, CircleCheck } from 'lucide-react';
import type { Overview } from '../../../../shared/api/admin.ts';
import { formatDateTime } from '../../../../shared/rules/dates.ts';
import { Panel } from '../../../components/ui/panel.tsx';

type Backups = Overview['backups'];

function scheduleOf({ everyHours, keep }: Backups): string {
  if (everyHours === null) {
    return 'Scheduled backups are off (BACKUP_EVERY=off): take one with npm run backup.';
  }
  const every = everyHours % 24 === 0 ? `${everyHours / 24} days` : `${everyHours} hours`;
  return `A backup is taken every ${every.replace(/^1 (day|hour)s/, '$1')}; the newest ${keep} are kept.`;
}

function sizeOf(bytes: number | null): string {
  if (bytes === null) return '';
  return bytes >= 1024 * 1024
    ? ` (${(bytes / 1024 / 1024).toFixed(1)} MB)`
    : ` (${Math.max(1, Math.round(bytes / 1024))} KB)`;
}

/** The admin overview's backups: when the last one succeeded, and a failure since. */
export function BackupStatus({ backups }: { backups: Backups }) {
  const { lastSuccess, lastFailure } = backups;
  const hasFailedSince = lastFailure && (!lastSuccess || lastFailure.at > lastSuccess.at);
  return (
    <Panel title="Backups">
      <ul className="mt-3 space-y-2">
        <li className="flex gap-2">
          {lastSuccess ? (
            <CircleCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
          ) : (
            <CircleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-flame-700" />
          )}
          <span>
            {lastSuccess
              ? `Last backup: ${formatDateTime(lastSuccess.at)}${sizeOf(lastSuccess.bytes)}.`
              : 'No backup has been taken yet.'}
          </span>
        </li>
        {hasFailedSince && (
          <li className="flex gap-2">
            <CircleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-flame-700" />
            <span>
              The backup of {formatDateTime(lastFailure.at)} failed: {lastFailure.error}
            </span>
          </li>
        )}
        <li className="text-sm text-ink-700">{scheduleOf(backups)}</li>
      </ul>
    </Panel>
  );
}
