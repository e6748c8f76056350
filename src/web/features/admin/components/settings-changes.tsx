import { ChangesTable } from '../../../components/ui/changes-table.tsx';
import { useSettingsChanges } from '../api/platform-settings.ts';

/** Who changed which setting, when, from what to what: newest first. */
export function SettingsChanges() {
  const changes = useSettingsChanges();
  return (
    <ChangesTable
      title="Changes"
      columns={['Setting', 'From', 'To']}
      isError={changes.isError}
      changes={changes.data?.changes.map((change) => ({
        ...change,
        cells: [change.field, change.from, change.to],
      }))}
    />
  );
}
