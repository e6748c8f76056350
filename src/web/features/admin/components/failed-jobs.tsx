import type { FailedJob } from '../../../../shared/api/jobs.ts';
import { formatAdminDate } from '../../../../shared/rules/admin.ts';
import { useFailedJobAction, useFailedJobs } from '../api/failed-jobs.ts';
import { messageOf } from '../../../lib/api-client.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Panel } from '../../../components/ui/panel.tsx';

/** The dead-letter list: jobs (mail, mostly) every attempt of which failed. */
export function FailedJobs() {
  const jobs = useFailedJobs();
  return (
    <Panel title="Failed jobs">
      <p className="mt-1 text-sm text-ink-700">
        Work the app tried again and again, over about a day, and could not finish: a mail the mail
        server kept refusing, say. Retry it once the cause is fixed, or discard it.
      </p>
      {jobs.isPending && <p className="mt-3">Loading failed jobs...</p>}
      {jobs.isError && (
        <p role="alert" className="mt-3">
          The failed jobs could not be loaded.
        </p>
      )}
      {jobs.data?.jobs.length === 0 && <p className="mt-3">No failed jobs.</p>}
      {jobs.data && jobs.data.jobs.length > 0 && (
        <ul className="mt-3 divide-y divide-ink-600/10">
          {jobs.data.jobs.map((job) => (
            <FailedJobItem key={job.id} job={job} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

function FailedJobItem({ job }: { job: FailedJob }) {
  const act = useFailedJobAction();
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div>
        <p className="font-semibold">{job.summary}</p>
        <p className="text-sm text-ink-700">
          {job.attempts} attempts, the last {job.failedAt ? formatAdminDate(job.failedAt) : ''}:{' '}
          {job.error}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="secondary"
          disabled={act.isPending}
          aria-label={`Retry: ${job.summary}`}
          onClick={() => act.mutate({ id: job.id, action: 'retry' })}
        >
          Retry
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={act.isPending}
          aria-label={`Discard: ${job.summary}`}
          onClick={() => act.mutate({ id: job.id, action: 'discard' })}
        >
          Discard
        </Button>
      </div>
      {act.isError && (
        <p role="alert" className="w-full text-sm text-red-700">
          {messageOf(act.error, 'The job could not be changed. Please try again.')}
        </p>
      )}
    </li>
  );
}
