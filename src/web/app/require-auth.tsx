import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../lib/router/router.tsx';
import { paths } from '../lib/paths.ts';
import { useSession } from '../lib/session.ts';
import { useSendReflectionOutbox } from './send-reflection-outbox.ts';

/**
 * Renders nothing (or the page's own loading text) while the session loads; a signed-out visitor
 * goes to /login and comes back, or sees `signedOut` when the page has a version for visitors.
 */
export function RequireAuth({
  children,
  pending = null,
  signedOut,
}: {
  children: ReactNode;
  pending?: ReactNode;
  signedOut?: ReactNode;
}) {
  const session = useSession();
  const location = useLocation();
  useSendReflectionOutbox(session.data?.id);
  if (session.isPending) return pending;
  if (!session.data) {
    if (signedOut) return signedOut;
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.login} state={{ from }} replace />;
  }
  return children;
}
