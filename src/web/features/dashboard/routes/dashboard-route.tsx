import type { ReactNode } from 'react';
import { useSearchParams } from '../../../lib/router/router.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { TabPanel, Tabs } from '../../../components/ui/tabs.tsx';
import { useSession } from '../../../lib/session.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { CheckoutNotice } from '../components/checkout-notice.tsx';
import {
  AccountLinks,
  DashboardSections,
  dashboardTabs,
  type DashboardTab,
} from '../components/dashboard-sidebar.tsx';
import { MyCoursesTab } from '../components/my-courses-tab.tsx';
import { OverviewTab } from '../components/overview-tab.tsx';
import { ProfileTab } from '../components/profile-tab.tsx';
import { PaymentIssueBanner } from '../components/payment-issue-banner.tsx';
import { SubscriptionTab } from '../components/subscription-tab.tsx';
import { panelClass } from '../../../components/ui/panel.tsx';

function isDashboardTab(value: string | null): value is DashboardTab {
  return dashboardTabs.some((tab) => tab.value === value);
}

export interface DashboardRouteProps {
  /** Beta Access Management for the Subscription tab. */
  betaManager?: ReactNode;
  /** More notices under the checkout notice (a beta upgrade). */
  notices?: ReactNode;
  /** The Upcoming Sessions card, on the overview and the Sessions tab. */
  upcomingSessions?: ReactNode;
}

export function DashboardRoute({ betaManager, notices, upcomingSessions }: DashboardRouteProps) {
  const { data: user } = useSession();
  const dashboard = useDashboard();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: DashboardTab = isDashboardTab(requested) ? requested : 'overview';

  const selectTab = (value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  // On a phone the account links sit below the content: while it loads, it keeps a screen's
  // height, so the links do not jump down under a finger when it arrives.
  const loadState = dashboard.isPending ? (
    <p className="min-h-screen text-ink-700 md:min-h-0">Loading your dashboard...</p>
  ) : dashboard.isError ? (
    <div role="alert" className={panelClass}>
      <p>Your dashboard could not be loaded.</p>
      <Button className="mt-3" onClick={() => void dashboard.refetch()}>
        Retry
      </Button>
    </div>
  ) : null;

  return (
    <div className="min-h-screen">
      <header className="border-b border-ink-600/20 bg-white px-6 py-4">
        <Logo />
      </header>
      <Tabs
        value={tab}
        onValueChange={selectTab}
        orientation="vertical"
        className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 md:grid-cols-[14rem_minmax(0,1fr)] md:grid-rows-[auto_1fr] md:gap-y-6"
      >
        <DashboardSections />
        <main className="min-w-0 space-y-6 md:col-start-2 md:row-span-2 md:row-start-1">
          <h1 className="font-display text-3xl font-bold">
            Welcome, {user?.firstName || 'Seeker'}
          </h1>
          <CheckoutNotice />
          <PaymentIssueBanner />
          {notices}
          <TabPanel value="overview">
            {loadState ??
              (dashboard.data && (
                <OverviewTab dashboard={dashboard.data} upcomingSessions={upcomingSessions} />
              ))}
          </TabPanel>
          <TabPanel value="courses">
            {loadState ?? (dashboard.data && <MyCoursesTab dashboard={dashboard.data} />)}
          </TabPanel>
          <TabPanel value="sessions">{upcomingSessions}</TabPanel>
          <TabPanel value="subscription">
            <SubscriptionTab
              dashboard={dashboard.data}
              updatedAt={dashboard.dataUpdatedAt}
              isError={dashboard.isError}
              onRetry={() => void dashboard.refetch()}
              betaManager={betaManager}
            />
          </TabPanel>
          <TabPanel value="profile">{user && <ProfileTab user={user} />}</TabPanel>
        </main>
        <AccountLinks communityUrl={dashboard.data?.communityUrl} />
      </Tabs>
    </div>
  );
}
