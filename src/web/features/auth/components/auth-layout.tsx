import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../../shared/brand.ts';
import { FlameMark } from '../../../components/ui/logo.tsx';
import { Link } from '../../../lib/router/router.tsx';

/** The frame of every auth screen: logo, product name, subtitle, card, copyright. */
export function AuthLayout({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center bg-gradient-to-b from-flame-50 to-flame-100 px-4 py-10">
      <main className="w-full max-w-lg">
        <div className="mb-6 text-center">
          <Link to="/" aria-label={`${PRODUCT_NAME} home`} className="inline-block text-flame-600">
            <FlameMark className="mx-auto h-12 w-12" />
          </Link>
          <h1 className="mt-2 font-display text-3xl font-bold text-ink-900">{PRODUCT_NAME}</h1>
          <p className="mt-2 text-ink-700">{subtitle}</p>
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-lg sm:p-8">{children}</div>
      </main>
      <footer className="mt-8 text-sm text-ink-700">
        © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
      </footer>
    </div>
  );
}
