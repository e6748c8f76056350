import { CalendarDays } from 'lucide-react';
import { Link } from '../../../lib/router/router.tsx';
import { paths } from '../../../lib/paths.ts';
import { textLink } from './dashboard-links.ts';

/** One-to-one sessions are booked through the purchase page; none are scheduled yet. */
export function UpcomingSessions({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-labelledby="upcoming-sessions" className="rounded-xl bg-white p-5 shadow-sm">
      <Heading id="upcoming-sessions" className="font-display text-xl font-bold">
        Upcoming Sessions
      </Heading>
      <div className="mt-4 flex items-start gap-3 text-ink-700">
        <CalendarDays className="mt-0.5 h-5 w-5 shrink-0 text-flame-700" aria-hidden="true" />
        <div>
          <p>You have no upcoming sessions.</p>
          <p className="mt-1">
            <Link to={paths.buyNow} className={textLink}>
              Book a one-to-one illumination session
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
