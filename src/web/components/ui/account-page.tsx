import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../lib/router/router.tsx';
import { Logo } from './logo.tsx';
import { paths } from '../../lib/paths.ts';

/** The frame of the signed-in pages of one's own (profile, settings, safety plan): the logo, a way back to the dashboard, the page. */
export function AccountPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-screen">
      <header className="border-b border-ink-600/20 bg-white px-6 py-4">
        <Logo />
      </header>
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
        <Link
          to={paths.dashboard}
          className="inline-flex items-center gap-1 font-medium text-flame-700 underline-offset-2 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to Dashboard
        </Link>
        <h1 className="font-display text-3xl font-bold">{title}</h1>
        {children}
      </main>
    </div>
  );
}

export const linkClass =
  'font-medium text-flame-700 underline underline-offset-2 hover:text-flame-600';
