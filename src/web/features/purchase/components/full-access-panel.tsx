import { paths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../components/ui/button-link.tsx';

export function FullAccessPanel() {
  return (
    <section className="rounded-2xl bg-white p-8 text-center shadow-lg">
      <h1 className="font-display text-3xl font-bold text-ink-900">You Have Full Access!</h1>
      <p className="mt-3 text-ink-700">
        Every course on sale is already yours. Your journey continues on your dashboard.
      </p>
      <ButtonLink to={paths.dashboard} size="lg" className="mt-6">
        Go to Dashboard
      </ButtonLink>
    </section>
  );
}
