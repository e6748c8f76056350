import { useState, type FormEvent } from 'react';
import type { CourseSummary, Product } from '../../../../shared/api/catalogue.ts';
import { formatEuros } from '../../../../shared/rules/pricing.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useRequestReleaseNotice } from '../../../lib/release-notice.ts';
import { messageOf } from '../../../lib/api-client.ts';

interface ComingSoonNoticeProps {
  course: CourseSummary;
  bundle: Product;
  /** What the bundle costs this buyer (its price less what they already paid). */
  bundleCents: number;
  isSignedIn: boolean;
  /** The buyer's bundle includes it already. */
  isIncluded: boolean;
}

/**
 * A coming-soon course asked for by name (?course=): it is not for sale, the bundle below includes
 * it, and the visitor can ask to be told when it opens, instead of finding the bundle ticked.
 */
export function ComingSoonNotice({
  course,
  bundle,
  bundleCents,
  isSignedIn,
  isIncluded,
}: ComingSoonNoticeProps) {
  const notice = useRequestReleaseNotice(course.id);
  const [email, setEmail] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    notice.mutate(isSignedIn ? undefined : email.trim());
  };

  return (
    <section
      aria-labelledby="coming-soon-heading"
      className="rounded-xl border-2 border-flame-600 bg-white p-5 shadow"
    >
      <h2 id="coming-soon-heading" className="font-display text-xl font-bold text-ink-900">
        {course.title} is coming soon
      </h2>
      {isIncluded ? (
        <p className="mt-2 text-ink-800">
          Included, opens when released: it is part of your {bundle.name}.
        </p>
      ) : (
        <p className="mt-2 text-ink-800">
          It cannot be bought on its own yet. {bundle.name} ({formatEuros(bundleCents)}) includes
          it: every course open now, and {course.title} as soon as it opens.
        </p>
      )}
      {notice.isSuccess ? (
        <p role="status" className="mt-4 font-semibold text-green-800">
          {notice.data.message}
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="mt-4 flex flex-wrap items-end gap-3">
          {!isSignedIn && (
            <div className="min-w-56 flex-1">
              <TextField
                label="Your email"
                type="email"
                autoComplete="email"
                maxLength={254}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </div>
          )}
          <Button type="submit" variant="secondary" disabled={notice.isPending}>
            Tell me when it opens
          </Button>
        </form>
      )}
      {notice.isError && (
        <div className="mt-3">
          <ErrorAlert>
            {messageOf(notice.error, 'Your request could not be sent. Please try again.')}
          </ErrorAlert>
        </div>
      )}
    </section>
  );
}
