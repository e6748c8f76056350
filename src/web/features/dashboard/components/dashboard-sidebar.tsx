import { BookOpen, ExternalLink, LogOut, Settings, ShieldCheck, UserRound } from 'lucide-react';
import { Tab, TabList } from '../../../components/ui/tabs.tsx';
import { Link } from '../../../lib/router/router.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSession, useSignOut } from '../../../lib/session.ts';

export const dashboardTabs = [
  { value: 'overview', label: 'Overview' },
  { value: 'courses', label: 'My Courses' },
  { value: 'sessions', label: 'Sessions' },
  { value: 'subscription', label: 'Subscription' },
  { value: 'profile', label: 'Profile' },
] as const;
export type DashboardTab = (typeof dashboardTabs)[number]['value'];

const itemClass =
  'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left font-medium text-ink-800 hover:bg-flame-100';

/** The dashboard's sections: the one navigation above the welcome, on a phone too. */
export function DashboardSections() {
  return (
    <TabList
      aria-label="Dashboard sections"
      className="flex flex-row flex-wrap gap-1 md:col-start-1 md:row-start-1 md:flex-col md:self-start"
    >
      {dashboardTabs.map((tab) => (
        <Tab key={tab.value} value={tab.value} className="text-left md:w-full">
          {tab.label}
        </Tab>
      ))}
    </TabList>
  );
}

/**
 * The account links (the Admin Panel for an admin) and Sign Out: under the sections on a wide
 * screen, after the page's content on a phone, so the welcome comes right after one navigation.
 */
export function AccountLinks({ communityUrl }: { communityUrl: string | null | undefined }) {
  const signOut = useSignOut();
  const { data: user } = useSession();
  return (
    <nav
      aria-label="Account"
      className="border-t border-ink-600/20 pt-4 md:col-start-1 md:row-start-2 md:self-start"
    >
      <ul className="space-y-1">
        {user?.role === 'admin' && (
          <li>
            <Link to={paths.admin} className={itemClass}>
              <ShieldCheck className="h-4 w-4" aria-hidden="true" />
              Admin Panel
            </Link>
          </li>
        )}
        <li>
          <Link to={paths.settings} className={itemClass}>
            <Settings className="h-4 w-4" aria-hidden="true" />
            Settings
          </Link>
        </li>
        <li>
          <Link to={paths.profile} className={itemClass}>
            <UserRound className="h-4 w-4" aria-hidden="true" />
            Edit Profile
          </Link>
        </li>
        <li>
          <Link to={paths.courses} className={itemClass}>
            <BookOpen className="h-4 w-4" aria-hidden="true" />
            Browse Courses
          </Link>
        </li>
        {communityUrl && (
          <li>
            <a href={communityUrl} target="_blank" rel="noopener noreferrer" className={itemClass}>
              <ExternalLink className="h-4 w-4" aria-hidden="true" />
              Community
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        )}
        <li>
          <button
            type="button"
            className={itemClass}
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
          >
            <LogOut className="h-4 w-4" aria-hidden="true" />
            Sign Out
          </button>
        </li>
      </ul>
    </nav>
  );
}
