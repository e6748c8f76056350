import { Link } from '../../../lib/router/router.tsx';
import type { SessionUser } from '../../../../shared/api/auth.ts';
import { paths } from '../../../lib/paths.ts';
import { textLink } from './dashboard-links.ts';

export function ProfileTab({ user }: { user: SessionUser }) {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <section aria-labelledby="profile-heading" className="rounded-xl bg-white p-5 shadow-sm">
      <h2 id="profile-heading" className="font-display text-xl font-bold">
        Profile
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[8rem_1fr]">
        <dt className="font-semibold text-ink-800">Name</dt>
        <dd className="text-ink-900">{name || 'Not set'}</dd>
        <dt className="font-semibold text-ink-800">Email</dt>
        <dd className="text-ink-900">{user.email}</dd>
      </dl>
      <div className="mt-5 flex flex-wrap gap-4">
        <Link to={paths.profile} className={textLink}>
          Edit your profile
        </Link>
        <Link to={paths.settings} className={textLink}>
          Account settings
        </Link>
      </div>
    </section>
  );
}
