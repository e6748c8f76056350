import { Link, Outlet } from '../lib/router/router.tsx';
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { SiteHeader } from '../features/marketing/components/site-header.tsx';
import { useContactEmail } from '../lib/contact.ts';
import { paths } from '../lib/paths.ts';

/** The public pages' frame: the site header above, a footer below. */
export function SiteLayout() {
  const contactEmail = useContactEmail();
  return (
    <>
      <SiteHeader />
      {/* The header is fixed over the page: the page starts below it. */}
      <div className="pt-16">
        <Outlet />
      </div>
      <footer className="mt-12 border-t border-ink-600/20 bg-white px-4 py-6 text-center text-sm text-ink-700">
        © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved. ·{' '}
        <Link to={paths.terms} className="underline">
          Terms of Service
        </Link>{' '}
        ·{' '}
        <Link to={paths.privacy} className="underline">
          Privacy Policy
        </Link>
        {contactEmail && (
          <>
            {' '}
            · Contact:{' '}
            <a href={`mailto:${contactEmail}`} className="underline">
              {contactEmail}
            </a>
          </>
        )}
      </footer>
    </>
  );
}
