import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../lib/router/router.tsx';
import { paths } from '../lib/paths.ts';
import { useSession } from '../lib/session.ts';

/**
 * Renders nothing (or the page's own loading text) while the session loads; a signed-out visitor
 * goes to /login and comes back.
 */
export function RequireAuth({
  children,
  pending = null,
}: {
  children: ReactNode;
  pending?: ReactNode;
}) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return pending;
  if (!session.data) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.login} state={{ from }} replace />;
  }
  return children;
}
