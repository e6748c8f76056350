import type { ReactNode } from 'react';

/** The last column (a row's actions) stays in view while a narrow screen scrolls the rest. */
export const stickyActionsClass =
  'sticky right-0 bg-white pl-3 shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.25)] sm:shadow-none';

/**
 * A table wider than a phone: it scrolls sideways inside a focusable region (so a keyboard can
 * scroll it too), and says so on a small screen.
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <p className="mb-1 text-xs text-ink-700 sm:hidden" aria-hidden="true">
        Swipe sideways to see every column.
      </p>
      <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto">
        {children}
      </div>
    </div>
  );
}
