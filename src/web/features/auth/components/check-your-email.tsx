import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '../../../lib/router/router.tsx';
import { paths } from '../../../lib/paths.ts';
import { sessionQueryOptions } from '../../../lib/session.ts';

/** How often the page asks whether the link was opened in this browser. */
const SESSION_POLL_MS = 2000;

/**
 * After sign-up: the account is signed in by the link mailed to it. Once it is opened in this
 * browser, the session appears and the auth screen moves on to where the visitor was going.
 */
export function CheckYourEmail({ email }: { email: string }) {
  const location = useLocation();
  useQuery({ ...sessionQueryOptions, refetchInterval: SESSION_POLL_MS });
  return (
    <section aria-labelledby="check-your-email-heading" className="space-y-4 text-ink-800">
      <h2 id="check-your-email-heading" className="font-display text-2xl font-bold text-ink-900">
        Check your email
      </h2>
      <p role="status">
        We sent a link to {email}. Open it to confirm your address and sign in: the link works for
        24 hours. If the address has an account already, the mail tells you how to sign in instead.
      </p>
      <p>This page moves on by itself once you open the link in this browser.</p>
      <p>
        No mail yet, or opened it on another device?{' '}
        <Link
          to={paths.login}
          state={location.state}
          className="font-medium text-flame-700 underline-offset-2 hover:underline"
        >
          Sign in
        </Link>{' '}
        with your password: you can buy courses before the address is confirmed.
      </p>
    </section>
  );
}
