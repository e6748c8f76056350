import type { ReactNode } from 'react';
import { Logo } from './logo.tsx';

/**
 * The frame of a page a link in a mail opens (unsubscribe, confirm an address): the logo, a
 * title, and what the page asks, without the site's navigation.
 */
export function MailedLinkPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-screen">
      <header className="border-b border-ink-600/20 bg-white px-6 py-4">
        <Logo />
      </header>
      <main className="mx-auto max-w-xl space-y-4 px-6 py-10">
        <h1 className="font-display text-3xl font-bold">{title}</h1>
        {children}
      </main>
    </div>
  );
}
