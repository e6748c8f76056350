import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { SiteHeader } from '../components/site-header.tsx';

export function HomeRoute() {
  return (
    <>
      <SiteHeader />
      <main className="mx-auto max-w-3xl px-4 py-20 text-center">
        <h1 className="font-display text-4xl font-bold sm:text-5xl">
          Reclaim your inner sovereignty
        </h1>
        <p className="mt-4 text-lg text-ink-700">
          A guided journey through the spark, the descent, the flame and the reign: video lessons,
          written reflection and a companion for the way.
        </p>
        <Link
          to={paths.register}
          className="mt-8 inline-block rounded-lg bg-flame-600 px-6 py-3 font-semibold text-white hover:bg-flame-700"
        >
          Begin Your Journey
        </Link>
      </main>
    </>
  );
}
