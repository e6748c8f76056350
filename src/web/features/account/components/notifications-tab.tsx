import type { NotificationPreferences } from '../../../../shared/rules/account.ts';
import { useSettings, useUpdateSettings } from '../api/settings.ts';
import { settingsSaveToasts } from './save-toasts.ts';
import { ToggleRow } from './toggle-row.tsx';
import { Panel } from '../../../components/ui/panel.tsx';

const preferences: { key: keyof NotificationPreferences; label: string; description: string }[] = [
  {
    key: 'email_notifications',
    label: 'Email Notifications',
    description: 'Email from us about your account and your courses. Off turns off the two below.',
  },
  {
    key: 'course_updates',
    label: 'Course Updates',
    description: 'New lessons and changes to the courses you are enrolled in.',
  },
  {
    key: 'marketing_emails',
    label: 'Marketing Emails',
    description: 'News about new courses and offers.',
  },
];

/** Each toggle saves at once. */
export function NotificationsTab() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const current = settings.data?.notificationPreferences;
  return (
    <Panel title="Notifications">
      <div className="mt-2 divide-y divide-ink-600/20">
        {preferences.map((preference) => {
          // Email Notifications off turns the two below off: they show it, and keep their own
          // choice for when it is on again.
          const isHeldOff =
            preference.key !== 'email_notifications' && current?.email_notifications === false;
          return (
            <ToggleRow
              key={preference.key}
              label={preference.label}
              description={
                isHeldOff
                  ? `${preference.description} Off while Email Notifications is off.`
                  : preference.description
              }
              checked={!isHeldOff && (current?.[preference.key] ?? false)}
              disabled={!current || update.isPending || isHeldOff}
              onChange={(checked) =>
                update.mutate(
                  { notificationPreferences: { [preference.key]: checked } },
                  settingsSaveToasts,
                )
              }
            />
          );
        })}
      </div>
      <p className="mt-4 text-sm text-ink-700">
        Password resets, receipts and notices about your access and booked sessions are always sent:
        they are part of your account and your purchases. Every email these switches govern ends
        with a link that turns its switch off.
      </p>
    </Panel>
  );
}
