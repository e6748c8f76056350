import { Link } from '../lib/router/router.tsx';
import { paths } from '../lib/paths.ts';

export function NotFoundRoute() {
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="font-display text-3xl font-bold">Page not found</h1>
      <p className="mt-3 text-ink-700">The page you are looking for does not exist.</p>
      <Link to={paths.home} className="mt-6 inline-block font-medium text-flame-700 underline">
        Return home
      </Link>
    </main>
  );
}
