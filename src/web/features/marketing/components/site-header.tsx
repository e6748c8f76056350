import { Link } from 'react-router';
import { Logo } from '../../../components/ui/logo.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSession, useSignOut } from '../../../lib/session.ts';

export function SiteHeader() {
  const session = useSession();
  const signOut = useSignOut();
  const linkClass = 'rounded px-3 py-2 font-medium text-ink-800 hover:text-flame-700';

  return (
    <header className="sticky top-0 z-40 bg-white shadow">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3"
      >
        <Logo />
        <div className="flex items-center gap-1">
          {session.data ? (
            <>
              <Link to={paths.dashboard} className={linkClass}>
                Dashboard
              </Link>
              <button type="button" className={linkClass} onClick={() => signOut.mutate()}>
                Logout
              </button>
            </>
          ) : (
            <Link to={paths.register} className={linkClass}>
              Register
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}
