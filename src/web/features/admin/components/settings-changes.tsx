import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { formatDateTime } from '../../../../shared/rules/dates.ts';
import { useSettingsChanges } from '../api/platform-settings.ts';

const columns = ['When', 'Admin', 'Setting', 'From', 'To'];

/** Who changed which setting, when, from what to what: newest first. */
export function SettingsChanges() {
  const changes = useSettingsChanges();
  return (
    <section aria-labelledby="settings-changes" className="space-y-3">
      <h2 id="settings-changes" className="font-display text-xl font-bold">
        Changes
      </h2>
      {changes.isError && <ErrorAlert>Failed to load the changes</ErrorAlert>}
      {changes.data?.changes.length === 0 && <p>No changes yet.</p>}
      {changes.data && changes.data.changes.length > 0 && (
        <div className="overflow-x-auto rounded-xl border border-ink-600/20 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-ink-700/5">
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className="px-3 py-2">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {changes.data.changes.map((change) => (
                <tr key={change.id} className="border-t border-ink-600/10">
                  <td className="px-3 py-2">{formatDateTime(change.changedAt)}</td>
                  <td className="px-3 py-2">{change.changedBy}</td>
                  <td className="px-3 py-2">{change.field}</td>
                  <td className="px-3 py-2">{change.from}</td>
                  <td className="px-3 py-2">{change.to}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
