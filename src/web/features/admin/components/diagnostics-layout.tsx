import type { ReactNode } from 'react';
import { Link } from '../../../lib/router/router.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { paths } from '../../../lib/paths.ts';

/** The read-only diagnostics pages: nothing on them writes. */
export function DiagnosticsLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-screen">
      <header className="flex items-center justify-between border-b border-ink-600/20 bg-white px-6 py-4">
        <Logo />
        <Link to={paths.admin} className="text-sm font-semibold underline">
          Back to Admin Panel
        </Link>
      </header>
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
        <h1 className="font-display text-3xl font-bold">{title}</h1>
        {children}
      </main>
    </div>
  );
}
