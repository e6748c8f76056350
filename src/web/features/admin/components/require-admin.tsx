import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from '../../../lib/router/router.tsx';
import { adminMessages } from '../../../../shared/rules/admin.ts';
import { paths } from '../../../lib/paths.ts';
import { sessionQueryOptions } from '../../../lib/session.ts';
import { notify } from '../../../lib/notify.ts';
import { ButtonLink } from '../../../components/ui/button-link.tsx';

/**
 * Spec 2 §6: the role is read fresh from the server ('Checking permissions...'); a learner is
 * sent to the dashboard with a toast, a visitor to /login. The server checks again on every call.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useQuery({ ...sessionQueryOptions, staleTime: 0 });
  const location = useLocation();
  const isChecking = session.isPending || (session.isFetching && session.data?.role !== 'admin');
  const verdict = isChecking
    ? 'checking'
    : session.isError
      ? 'failed'
      : !session.data
        ? 'signed-out'
        : session.data.role === 'admin'
          ? 'admin'
          : 'not-admin';

  useEffect(() => {
    if (verdict === 'not-admin') notify.area.error(adminMessages.notAdmin);
    if (verdict === 'failed') notify.area.error(adminMessages.verifyFailed);
  }, [verdict]);

  if (verdict === 'checking') {
    return (
      <p role="status" className="p-8 text-center text-ink-700">
        {adminMessages.checkingPermissions}
      </p>
    );
  }
  if (verdict === 'signed-out') {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={paths.login} state={{ from }} replace />;
  }
  if (verdict !== 'admin') return <Navigate to={paths.dashboard} replace />;
  if (!session.data?.twoFactorEnabled) return <TwoFactorSetupStep />;
  return children;
}

/** The server answers every admin call 403 until the admin signs in with a second factor. */
function TwoFactorSetupStep() {
  return (
    <section
      aria-labelledby="two-factor-required"
      className="mx-auto max-w-xl space-y-4 p-8 text-ink-800"
    >
      <h1 id="two-factor-required" className="font-display text-2xl font-bold text-ink-900">
        Two-Factor Sign-In Required
      </h1>
      <p>{adminMessages.twoFactorRequired}</p>
      <ButtonLink to={`${paths.settings}?tab=privacy`}>Set Up Two-Factor Sign-In</ButtonLink>
    </section>
  );
}
