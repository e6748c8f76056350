import { Link } from '../../../lib/router/router.tsx';
import type { SessionUser } from '../../../../shared/api/auth.ts';
import { paths } from '../../../lib/paths.ts';
import { textLink } from './dashboard-links.ts';
import { Panel } from '../../../components/ui/panel.tsx';

export function ProfileTab({ user }: { user: SessionUser }) {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <Panel title="Profile">
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[8rem_1fr]">
        <dt className="font-semibold text-ink-800">Name</dt>
        <dd className="text-ink-900">{name || 'Not set'}</dd>
        <dt className="font-semibold text-ink-800">Email</dt>
        <dd className="text-ink-900">{user.email}</dd>
      </dl>
      <div className="mt-5 flex flex-wrap gap-4">
        <Link to={paths.profile} className={textLink}>
          Edit Profile
        </Link>
        <Link to={paths.settings} className={textLink}>
          Account settings
        </Link>
      </div>
    </Panel>
  );
}
