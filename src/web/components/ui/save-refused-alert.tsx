import { messageOf } from '../../lib/api-client.ts';
import { saveRefusalOf } from '../../lib/save-refusal.ts';
import { ErrorAlert } from './alert.tsx';

interface SaveRefusedAlertProps {
  /** The save's error, if any. */
  error: unknown;
  /** The button that reads the newer version: "Reload settings". */
  reloadLabel: string;
  onReload: () => void;
  /**
   * Given, any failed save shows here in these words unless the server gave its own; absent,
   * only a conflict does (the editor tells of other failures elsewhere).
   */
  fallback?: string;
}

/**
 * A save refused because another admin saved first: the server's message (who, and when) and a
 * way to load their version. Nothing was overwritten.
 */
export function SaveRefusedAlert({
  error,
  reloadLabel,
  onReload,
  fallback,
}: SaveRefusedAlertProps) {
  const { conflict } = saveRefusalOf(error, fallback ?? '');
  if (!conflict && (!error || fallback === undefined)) return null;
  return (
    <ErrorAlert>
      {conflict ? conflict.message : messageOf(error, fallback ?? '')}
      {conflict && (
        <>
          {' '}
          <button type="button" className="font-semibold underline" onClick={onReload}>
            {reloadLabel}
          </button>
        </>
      )}
    </ErrorAlert>
  );
}
