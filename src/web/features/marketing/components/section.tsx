import type { ReactNode } from 'react';

interface SectionProps {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A landing page section: an anchor target below the fixed header, with its heading as its name. */
export function Section({ id, eyebrow, title, intro, className = '', children }: SectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={`scroll-mt-16 px-4 py-20 ${className}`}>
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          {eyebrow && (
            <p className="text-sm font-semibold tracking-widest text-flame-700 uppercase">
              {eyebrow}
            </p>
          )}
          <h2 id={headingId} className="mt-2 font-display text-3xl font-bold sm:text-4xl">
            {title}
          </h2>
          {intro && <p className="mt-4 text-lg text-ink-700">{intro}</p>}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}
