import type { ReactNode } from 'react';
import { Link, useSearchParams } from '../../../lib/router/router.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../../components/ui/tabs.tsx';
import { paths } from '../../../lib/paths.ts';
import { useUrlTab } from '../../../lib/url-tab.ts';
import { AccessTab } from '../components/access-tab.tsx';
import { InboxTab } from '../components/inbox-tab.tsx';
import { CouponsTab } from '../components/coupons-tab.tsx';
import { BroadcastsTab } from '../components/broadcasts-tab.tsx';
import { OutboxTab } from '../components/outbox-tab.tsx';
import { OverviewTab } from '../components/overview-tab.tsx';
import { PromptsTab } from '../components/prompts-tab.tsx';
import { SettingsTab } from '../components/settings-tab.tsx';
import { SubscribersTab } from '../components/subscribers-tab.tsx';
import { FreshSecondFactorProvider } from '../../../lib/fresh-second-factor.tsx';
import { MoveLearners } from '../components/move-learners.tsx';
import { SubscriptionsAtRisk } from '../components/subscriptions-at-risk.tsx';
import { UsersTab } from '../components/users-tab.tsx';

const adminTabs = [
  { value: 'access', label: 'User Access' },
  { value: 'users', label: 'All Users' },
  { value: 'overview', label: 'Overview' },
  { value: 'inbox', label: 'Inbox' },
  { value: 'coupons', label: 'Coupons' },
  { value: 'newsletter', label: 'Newsletter' },
  { value: 'broadcasts', label: 'Broadcasts' },
  { value: 'outbox', label: 'Outbox' },
  { value: 'settings', label: 'Settings' },
  { value: 'prompts', label: 'AI Prompts' },
];

/** A tab another feature brings to the panel (the app composes them: see router.tsx). */
export interface AdminPanelTab {
  value: string;
  label: string;
  content: ReactNode;
}

/**
 * The Admin Panel: the tab and the user in hand live in the address, so a reload keeps them.
 * Other features' admin tools (the beta programme's codes, invitations and statistics) come in
 * as `extraTabs`.
 */
export function AdminRoute({ extraTabs = [] }: { extraTabs?: readonly AdminPanelTab[] }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tabs = [...adminTabs, ...extraTabs];
  const tab = useUrlTab(tabs, 'access');
  const userId = searchParams.get('user');

  const navigate = (next: { tab?: string; user?: string | null }) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next.tab) params.set('tab', next.tab);
        if (next.user === null) params.delete('user');
        else if (next.user !== undefined) params.set('user', next.user);
        return params;
      },
      { replace: true },
    );

  // Its sensitive actions ask for a fresh code; the provider's code loads with the panel only.
  return (
    <FreshSecondFactorProvider>
      <div className="min-h-screen">
        <header className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 border-b border-ink-600/20 bg-white px-4 py-4 sm:px-6">
          <Logo />
          <nav aria-label="Admin" className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold">
            <Link to={paths.dbTest} className="underline">
              Database status
            </Link>
            <Link to={paths.enrollmentDebug} className="underline">
              Enrollment diagnostics
            </Link>
            <Link to={paths.dashboard} className="underline">
              Dashboard
            </Link>
          </nav>
        </header>
        <main className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
          <h1 className="font-display text-3xl font-bold">Admin Panel</h1>
          <Tabs value={tab} onValueChange={(value) => navigate({ tab: value })}>
            <TabList aria-label="Admin sections">
              {tabs.map((candidate) => (
                <Tab key={candidate.value} value={candidate.value}>
                  {candidate.label}
                </Tab>
              ))}
            </TabList>
            <TabPanel value="access" className="mt-6">
              <AccessTab userId={userId} onSelectUser={(user) => navigate({ user })} />
            </TabPanel>
            <TabPanel value="users" className="mt-6">
              <SubscriptionsAtRisk onOpenUser={(user) => navigate({ tab: 'access', user })} />
              <UsersTab onOpenUser={(user) => navigate({ tab: 'access', user })} />
              <MoveLearners />
            </TabPanel>
            <TabPanel value="overview" className="mt-6">
              <OverviewTab />
            </TabPanel>
            <TabPanel value="inbox" className="mt-6">
              <InboxTab />
            </TabPanel>
            <TabPanel value="coupons" className="mt-6">
              <CouponsTab />
            </TabPanel>
            <TabPanel value="newsletter" className="mt-6">
              <SubscribersTab />
            </TabPanel>
            <TabPanel value="broadcasts" className="mt-6">
              <BroadcastsTab />
            </TabPanel>
            <TabPanel value="outbox" className="mt-6">
              <OutboxTab />
            </TabPanel>
            {extraTabs.map((extra) => (
              <TabPanel key={extra.value} value={extra.value} className="mt-6">
                {extra.content}
              </TabPanel>
            ))}
            <TabPanel value="settings" className="mt-6">
              <SettingsTab />
            </TabPanel>
            <TabPanel value="prompts" className="mt-6">
              <PromptsTab />
            </TabPanel>
          </Tabs>
        </main>
      </div>
    </FreshSecondFactorProvider>
  );
}
