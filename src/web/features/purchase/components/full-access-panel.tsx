import { Link } from '../../../lib/router/router.tsx';
import { paths } from '../../../lib/paths.ts';

export function FullAccessPanel() {
  return (
    <section className="rounded-2xl bg-white p-8 text-center shadow-lg">
      <h1 className="font-display text-3xl font-bold text-ink-900">You Have Full Access!</h1>
      <p className="mt-3 text-ink-700">
        Every course on sale is already yours. Your journey continues on your dashboard.
      </p>
      <Link
        to={paths.dashboard}
        className="mt-6 inline-block rounded-lg bg-flame-600 px-6 py-3 font-semibold text-white hover:bg-flame-700"
      >
        Go to Dashboard
      </Link>
    </section>
  );
}
