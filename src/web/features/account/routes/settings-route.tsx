import * as Tabs from '@radix-ui/react-tabs';
import { useSearchParams } from '../../../lib/router/router.tsx';
import { accountMessages } from '../../../../shared/rules/account.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useUrlTab } from '../../../lib/url-tab.ts';
import { useProfile } from '../api/get-profile.ts';
import { useSettings } from '../api/settings.ts';
import { AccountPage, cardClass } from '../components/account-page.tsx';
import { BillingTab } from '../components/billing-tab.tsx';
import { NotificationsTab } from '../components/notifications-tab.tsx';
import { PrivacySecurityTab } from '../components/privacy-security-tab.tsx';
import { ProfileSettingsTab } from '../components/profile-settings-tab.tsx';

const settingsTabs = [
  { value: 'profile', label: 'Profile' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'privacy', label: 'Privacy & Security' },
  { value: 'billing', label: 'Billing' },
] as const;

export function SettingsRoute() {
  const profile = useProfile();
  const settings = useSettings();
  const [, setSearchParams] = useSearchParams();
  const tab = useUrlTab(settingsTabs, 'profile');

  const failed = profile.isError || settings.isError;
  return (
    <AccountPage title="Settings">
      <Tabs.Root
        value={tab}
        onValueChange={(value) => setSearchParams({ tab: value }, { replace: true })}
        className="space-y-6"
      >
        <Tabs.List aria-label="Settings sections" className="flex flex-wrap gap-1">
          {settingsTabs.map((entry) => (
            <Tabs.Trigger
              key={entry.value}
              value={entry.value}
              className="rounded-lg px-4 py-2 font-medium text-ink-800 hover:bg-flame-100 data-[state=active]:bg-flame-600 data-[state=active]:text-white"
            >
              {entry.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {failed && (
          <div role="alert" className={cardClass}>
            <p>{accountMessages.loadSettingsFailed}</p>
            <Button
              className="mt-3"
              onClick={() => void Promise.all([profile.refetch(), settings.refetch()])}
            >
              Retry
            </Button>
          </div>
        )}
        <Tabs.Content value="profile">
          {profile.data && <ProfileSettingsTab profile={profile.data} />}
        </Tabs.Content>
        <Tabs.Content value="notifications">
          <NotificationsTab />
        </Tabs.Content>
        <Tabs.Content value="privacy">
          <PrivacySecurityTab settings={settings.data} />
        </Tabs.Content>
        <Tabs.Content value="billing">
          <BillingTab />
        </Tabs.Content>
      </Tabs.Root>
    </AccountPage>
  );
}
