import { useId, type ReactNode } from 'react';

/** The card every page groups its parts in: `panelClass` for a card without a heading. */
export const panelClass = 'rounded-xl bg-white p-5 shadow-sm';

export interface PanelProps {
  title: ReactNode;
  children: ReactNode;
  /** Beside the title (a count, a refresh button). */
  actions?: ReactNode;
  className?: string;
}

/** A section named by its heading (an h2 in the house's panel style). */
export function Panel({ title, children, actions, className = '' }: PanelProps) {
  const headingId = useId();
  const heading = (
    <h2 id={headingId} className="font-display text-xl font-bold">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={headingId} className={`${panelClass} ${className}`}>
      {actions ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
