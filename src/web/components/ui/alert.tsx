import type { ReactNode } from 'react';
import { messageOf } from '../../lib/api-client.ts';

type ErrorAlertProps =
  | { children: ReactNode; error?: never; fallback?: never }
  /** A failed request, worded by `messageOf`: the server's reason, else the fallback. */
  | { error: unknown; fallback: string; children?: never };

export function ErrorAlert({ children, error, fallback }: ErrorAlertProps) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {fallback === undefined ? children : messageOf(error, fallback)}
    </div>
  );
}
