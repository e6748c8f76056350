import type { ReactNode } from 'react';
import { Link, useSearchParams } from '../../../lib/router/router.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { ConfirmEmailRequest } from '../components/confirm-email-notice.tsx';

const linkClass = 'font-medium text-flame-700 underline';

/**
 * Where the link mailed to confirm an address leads. Better Auth has confirmed the address and
 * signed the learner in, or sends them here with `?error=` when the link no longer works.
 */
export function ConfirmEmailRoute() {
  const [searchParams] = useSearchParams();
  const session = useSession();
  const user = session.data;
  const error = searchParams.get('error');

  if (session.isPending) {
    return (
      <Frame>
        <p role="status">Checking your link...</p>
      </Frame>
    );
  }
  if (user?.emailVerified) {
    return (
      <Frame
        heading={
          error ? 'Your email address is already confirmed' : 'Your email address is confirmed'
        }
      >
        <p>Thank you. You can buy courses now, and your receipts will reach {user.email}.</p>
        <Link to={paths.dashboard} className={linkClass}>
          Go to Dashboard
        </Link>
      </Frame>
    );
  }
  if (error) {
    const heading =
      error === 'TOKEN_EXPIRED' ? 'This link has expired' : 'This link cannot be used';
    return (
      <Frame heading={heading}>
        {user ? (
          <ConfirmEmailRequest email={user.email} />
        ) : (
          <>
            <p>
              A confirmation link works for 24 hours, and only for the account it was sent to. Sign
              in, and your dashboard will offer to send you a new one.
            </p>
            <Link to={paths.login} className={linkClass}>
              Sign In
            </Link>
          </>
        )}
      </Frame>
    );
  }
  if (user) {
    return (
      <Frame>
        <ConfirmEmailRequest email={user.email} />
      </Frame>
    );
  }
  return (
    <Frame heading="Sign in to continue">
      <p>Sign in to see whether your email address is confirmed.</p>
      <Link to={paths.login} className={linkClass}>
        Sign In
      </Link>
    </Frame>
  );
}

function Frame({ heading, children }: { heading?: string; children: ReactNode }) {
  return (
    <AuthLayout subtitle="Confirming your email address.">
      <div className="space-y-4 text-ink-800">
        {heading && <h2 className="font-display text-2xl font-bold text-ink-900">{heading}</h2>}
        {children}
      </div>
    </AuthLayout>
  );
}
