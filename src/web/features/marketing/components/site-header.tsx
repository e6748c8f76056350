import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from '../../../lib/router/router.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { paths } from '../../../lib/paths.ts';
import { usePublicSettings } from '../../../lib/public-settings.ts';
import { useSession, useSignOut } from '../../../lib/session.ts';
import { useIsScrolledPast } from '../hooks/use-is-scrolled-past.ts';
import { ButtonLink } from '../../../components/ui/button-link.tsx';

/** Spec 1 §9: the header turns solid once the page is scrolled more than this. */
const SOLID_HEADER_AFTER_PX = 10;

const sectionLinks = [
  { href: '/#about', label: 'The Offering' },
  { href: '/#audience', label: "Who It's For" },
  { href: '/#testimonials', label: 'Testimonials' },
  { href: '/#contact', label: 'Contact' },
];

const linkClass =
  'block rounded-md px-3 py-2 font-medium text-ink-800 hover:bg-flame-100 hover:text-flame-700';

export function SiteHeader() {
  const isScrolled = useIsScrolledPast(SOLID_HEADER_AFTER_PX);
  const [isMenuOpen, setMenuOpen] = useState(false);
  const isSolid = isScrolled || isMenuOpen;

  useEffect(() => {
    if (!isMenuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [isMenuOpen]);

  return (
    <header
      className={`fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-200 ${
        isSolid ? 'bg-white shadow-md' : 'bg-transparent'
      }`}
    >
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-3 py-2 font-medium text-flame-700 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <MaintenanceReminder />
      <nav aria-label="Main" className="mx-auto max-w-6xl px-4">
        <div className="flex h-16 items-center justify-between gap-4">
          <Logo />
          <div className="hidden items-center gap-1 md:flex">
            <NavigationLinks />
          </div>
          <button
            type="button"
            className="rounded-md p-2 text-ink-800 hover:bg-flame-100 md:hidden"
            aria-label="Menu"
            aria-expanded={isMenuOpen}
            aria-controls="site-menu"
            onClick={() => setMenuOpen((isOpen) => !isOpen)}
          >
            {isMenuOpen ? (
              <X aria-hidden="true" className="h-6 w-6" />
            ) : (
              <Menu aria-hidden="true" className="h-6 w-6" />
            )}
          </button>
        </div>
        <div
          id="site-menu"
          hidden={!isMenuOpen}
          className="border-t border-ink-600/15 pb-4 md:hidden"
        >
          <NavigationLinks onNavigate={() => setMenuOpen(false)} />
        </div>
      </nav>
    </header>
  );
}

/** The same links in the wide bar and in the small-screen menu. */
function NavigationLinks({ onNavigate }: { onNavigate?: () => void }) {
  const session = useSession();
  const signOut = useSignOut();

  return (
    <ul className="flex flex-col gap-1 pt-2 md:flex-row md:items-center md:pt-0">
      {sectionLinks.map((link) => (
        <li key={link.href}>
          <a href={link.href} className={linkClass} onClick={onNavigate}>
            {link.label}
          </a>
        </li>
      ))}
      <li>
        <Link to={paths.shop} className={linkClass} onClick={onNavigate}>
          Shop
        </Link>
      </li>
      {session.isPending ? null : session.data ? (
        <>
          <li>
            <Link to={paths.dashboard} className={linkClass} onClick={onNavigate}>
              Dashboard
            </Link>
          </li>
          {session.data.role === 'admin' && (
            <li>
              <Link to={paths.admin} className={linkClass} onClick={onNavigate}>
                Admin Panel
              </Link>
            </li>
          )}
          <li>
            <button
              type="button"
              className={`${linkClass} w-full text-left`}
              disabled={signOut.isPending}
              onClick={() => signOut.mutate()}
            >
              Logout
            </button>
          </li>
        </>
      ) : (
        <li>
          <ButtonLink to={paths.register} className="mt-2 w-full md:mt-0 md:ml-2 md:w-auto">
            Register
          </ButtonLink>
        </li>
      )}
    </ul>
  );
}

/** An admin passes maintenance mode and sees the site as usual: this keeps it from being forgotten. */
function MaintenanceReminder() {
  const session = useSession();
  const settings = usePublicSettings();
  if (session.data?.role !== 'admin' || !settings.data?.maintenanceMode) return null;
  return (
    <p className="bg-night px-4 py-2 text-center text-sm text-on-night">
      Maintenance mode is on: visitors and learners see the maintenance page.{' '}
      <Link to="/admin?tab=settings" className="font-semibold underline">
        Turn it off in Settings
      </Link>
    </p>
  );
}
