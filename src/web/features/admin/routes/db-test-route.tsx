import { formatAdminDate } from '../../../../shared/rules/admin.ts';
import { useCatalogue } from '../../../lib/catalogue.ts';
import { useDiagnostics } from '../api/get-diagnostics.ts';
import { DiagnosticsLayout } from '../components/diagnostics-layout.tsx';
import { Panel } from '../../../components/ui/panel.tsx';

/** Spec 2's database test page, as a read-only status page for admins. */
export function DbTestRoute() {
  const diagnostics = useDiagnostics();
  const catalogue = useCatalogue();
  return (
    <DiagnosticsLayout title="Database status">
      {diagnostics.isPending && <p>Checking the database...</p>}
      {diagnostics.isError && <p role="alert">The diagnostics could not be loaded.</p>}
      {diagnostics.data && (
        <>
          <Panel title="Database">
            <dl className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-[8rem_1fr]">
              <dt className="font-semibold">Status</dt>
              <dd>{diagnostics.data.database.status === 'up' ? 'Connected' : 'Unreachable'}</dd>
              <dt className="font-semibold">Version</dt>
              <dd className="break-words">{diagnostics.data.database.version}</dd>
              <dt className="font-semibold">Courses</dt>
              <dd>{catalogue.data?.courses.length ?? '…'} in the catalogue</dd>
            </dl>
          </Panel>
          <Panel title={`Migrations applied (${diagnostics.data.migrations.length})`}>
            <ol className="mt-3 space-y-1 font-mono text-sm">
              {diagnostics.data.migrations.map((migration) => (
                <li key={migration.name}>
                  {/* The date drizzle records is when the migration was written, not applied. */}
                  {migration.name} (written {formatAdminDate(migration.createdAt)})
                </li>
              ))}
            </ol>
          </Panel>
        </>
      )}
    </DiagnosticsLayout>
  );
}
