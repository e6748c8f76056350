import { BookOpen, Headphones, Sparkles, type LucideIcon } from 'lucide-react';
import content from '../../../../../content/teasers.json' with { type: 'json' };
import { currentTeasers, type Teaser } from '../../../../shared/rules/teasers.ts';
import { useIsHydrated } from '../../../lib/client-value.ts';

const icons: Record<string, LucideIcon> = { Podcast: Headphones, Book: BookOpen };

/** The teasers of content/teasers.json that still lie ahead; none in the page rendered at build time. */
function useCurrentTeasers(): Teaser[] {
  const isHydrated = useIsHydrated();
  return isHydrated ? currentTeasers(content.teasers, new Date()) : [];
}

export function ComingSoonSection() {
  const teasers = useCurrentTeasers();
  if (teasers.length === 0) return null;
  return (
    <section aria-labelledby="coming-soon-heading" className="px-4 py-20">
      <div className="mx-auto max-w-6xl">
        <h2
          id="coming-soon-heading"
          className="text-center font-display text-3xl font-bold sm:text-4xl"
        >
          More Ways to Walk the Path
        </h2>
        <ul className="mt-12 grid gap-6 md:grid-cols-2">
          {teasers.map((teaser) => {
            const Icon = icons[teaser.kind] ?? Sparkles;
            return (
              <li
                key={teaser.title}
                className="rounded-2xl border border-flame-600/20 bg-white p-8"
              >
                <Icon aria-hidden="true" className="h-8 w-8 text-flame-600" />
                <p className="mt-4 text-sm font-semibold tracking-wide text-flame-700 uppercase">
                  {teaser.kind}
                </p>
                <h3 className="mt-1 font-display text-2xl font-bold">{teaser.title}</h3>
                <p className="mt-3 text-ink-700">{teaser.text}</p>
                <p className="mt-4 font-semibold text-ink-900">{teaser.when}</p>
              </li>
            );
          })}
        </ul>
        <p className="mt-8 text-center text-ink-700">
          Subscribe below to hear the moment they arrive.
        </p>
      </div>
    </section>
  );
}
