import { useId, type ReactNode } from 'react';
import { formatDateTime } from '../../../shared/rules/dates.ts';
import { ErrorAlert } from './alert.tsx';

export interface Change {
  id: string;
  changedAt: string;
  changedBy: string;
  /** What changed, one cell per column after When and Admin. */
  cells: ReactNode[];
}

interface ChangesTableProps {
  title: string;
  /** The columns after When and Admin. */
  columns: string[];
  changes: Change[] | undefined;
  isError?: boolean;
}

/** Who changed what and when, newest first: the record every admin change leaves. */
export function ChangesTable({ title, columns, changes, isError = false }: ChangesTableProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="font-display text-xl font-bold">
        {title}
      </h2>
      {isError && <ErrorAlert>Failed to load the changes</ErrorAlert>}
      {changes?.length === 0 && <p>No changes yet.</p>}
      {changes && changes.length > 0 && (
        <div className="overflow-x-auto rounded-xl border border-ink-600/20 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-ink-700/5">
              <tr>
                {['When', 'Admin', ...columns].map((column) => (
                  <th key={column} scope="col" className="px-3 py-2">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={change.id} className="border-t border-ink-600/10">
                  <td className="px-3 py-2">{formatDateTime(change.changedAt)}</td>
                  <td className="px-3 py-2">{change.changedBy}</td>
                  {change.cells.map((cell, index) => (
                    <td key={index} className="px-3 py-2">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
