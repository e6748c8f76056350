import { useSearchParams } from '../../../lib/router/router.tsx';
import { accountMessages } from '../../../../shared/rules/account.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../../components/ui/tabs.tsx';
import { useUrlTab } from '../../../lib/url-tab.ts';
import { useProfile } from '../api/get-profile.ts';
import { useSettings } from '../api/settings.ts';
import { AccountPage } from '../../../components/ui/account-page.tsx';
import { BillingTab } from '../components/billing-tab.tsx';
import { NotificationsTab } from '../components/notifications-tab.tsx';
import { PrivacySecurityTab } from '../components/privacy-security-tab.tsx';
import { ProfileSettingsTab } from '../components/profile-settings-tab.tsx';
import { panelClass } from '../../../components/ui/panel.tsx';

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
      <Tabs
        value={tab}
        onValueChange={(value) => setSearchParams({ tab: value }, { replace: true })}
        className="space-y-6"
      >
        <TabList aria-label="Settings sections">
          {settingsTabs.map((entry) => (
            <Tab key={entry.value} value={entry.value}>
              {entry.label}
            </Tab>
          ))}
        </TabList>
        {failed && (
          <div role="alert" className={panelClass}>
            <p>{accountMessages.loadSettingsFailed}</p>
            <Button
              className="mt-3"
              onClick={() => void Promise.all([profile.refetch(), settings.refetch()])}
            >
              Retry
            </Button>
          </div>
        )}
        <TabPanel value="profile">
          {profile.data && <ProfileSettingsTab profile={profile.data} />}
        </TabPanel>
        <TabPanel value="notifications">
          <NotificationsTab />
        </TabPanel>
        <TabPanel value="privacy">
          <PrivacySecurityTab settings={settings.data} />
        </TabPanel>
        <TabPanel value="billing">
          <BillingTab />
        </TabPanel>
      </Tabs>
    </AccountPage>
  );
}
