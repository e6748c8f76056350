import { useId, useState } from 'react';
import type { LearnerImportReport } from '../../../../shared/api/admin.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useCsvDownload } from '../api/download-csv.ts';
import { useImportLearners } from '../api/import-learners.ts';

/**
 * Moving in and out (issue 32): a sheet of learners is checked, then imported; customers and
 * purchases download as CSV.
 */
export function MoveLearners() {
  const fileId = useId();
  const helpId = useId();
  const [sheet, setSheet] = useState<{ name: string; csv: string }>();
  const [checked, setChecked] = useState<LearnerImportReport>();
  const importing = useImportLearners();
  const downloadCsv = useCsvDownload();
  const download = (path: string, fileName: string) =>
    void downloadCsv(path, fileName).catch((error: unknown) =>
      notify.area.error(messageOf(error, 'The CSV could not be downloaded. Please try again.')),
    );

  const run = (dryRun: boolean) => {
    if (!sheet) return;
    importing.mutate(
      { csv: sheet.csv, dryRun },
      { onSuccess: (report) => dryRun && setChecked(report) },
    );
  };

  return (
    <Panel title="Moving in and out" className="mt-6">
      <p id={helpId} className="mt-2 text-sm text-ink-700">
        A CSV exported from Teachable, Thinkific or Kajabi, or written by hand: one learner a row,
        with a column named Email; Name (or First Name and Last Name), Course (its title; several
        separated by ;), a start date and Expires At are read when present. Without an Expires At
        column, access lasts a year from the start date; an empty Expires At means it never ends.
        Each new account is mailed once, with a link to choose a password.
      </p>
      <label htmlFor={fileId} className="mt-3 block font-medium">
        Sheet of learners (CSV)
      </label>
      <input
        id={fileId}
        type="file"
        accept=".csv,text/csv"
        aria-describedby={helpId}
        className="mt-1 block text-sm"
        onChange={async (event) => {
          const file = event.target.files?.[0];
          setChecked(undefined);
          importing.reset();
          setSheet(file ? { name: file.name, csv: await file.text() } : undefined);
        }}
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={!sheet || importing.isPending}
          onClick={() => run(true)}
        >
          Check the sheet
        </Button>
        <Button disabled={!checked || importing.isPending} onClick={() => run(false)}>
          Import learners
        </Button>
      </div>
      {importing.isError && (
        <div className="mt-3">
          <ErrorAlert>{messageOf(importing.error, 'The sheet could not be imported.')}</ErrorAlert>
        </div>
      )}
      {importing.data && <ImportReport report={importing.data} />}
      <h3 className="mt-6 font-display text-lg font-bold">Export</h3>
      <p className="mt-1 text-sm text-ink-700">
        Each download is recorded on every learner&apos;s record as read by you.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => download('/api/admin/customers.csv', 'customers.csv')}
        >
          Download customers and progress (CSV)
        </Button>
        <Button
          variant="secondary"
          onClick={() => download('/api/admin/purchases.csv', 'purchases.csv')}
        >
          Download purchases (CSV)
        </Button>
      </div>
    </Panel>
  );
}

function ImportReport({ report }: { report: LearnerImportReport }) {
  const verb = report.dryRun ? 'would be' : 'were';
  return (
    <div role="status" className="mt-3 space-y-2 text-sm">
      <p>
        {report.dryRun ? 'Checked' : 'Imported'}: {report.rows} rows. {report.accountsCreated} new
        accounts and {report.accessGranted} courses {verb} opened; {report.alreadyThere} already
        held.
        {report.dryRun && ' Nothing has changed yet.'}
      </p>
      {report.problems.length > 0 && (
        <>
          <p>{report.problems.length} rows are left out:</p>
          <ul className="list-disc pl-5">
            {report.problems.map((problem) => (
              <li key={problem.line}>
                Line {problem.line}: {problem.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
