import type { Settings } from '../../../../shared/api/account.ts';
import { useSession } from '../../../lib/session.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { DevicesSection } from './devices-section.tsx';
import { DownloadDataLinks } from './download-data-links.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';
import { Panel } from '../../../components/ui/panel.tsx';

export function PrivacySecurityTab({ settings }: { settings: Settings | undefined }) {
  const isAddressConfirmed = useSession().data?.emailVerified ?? false;
  return (
    <Panel title="Privacy &amp; Security" className="space-y-8">
      <ChangePasswordForm />
      {settings && <TwoFactorSection isEnabled={settings.twoFactorEnabled} />}
      <DevicesSection />
      <div className="space-y-3">
        <h3 className="font-display text-lg font-bold">Your Data</h3>
        <p className="text-ink-800">
          A copy of everything we keep about you: profile, enrollments, progress, reflections,
          purchases, assessments and the record of your course access.
        </p>
        <DownloadDataLinks />
      </div>
      <DeleteAccountSection isAddressConfirmed={isAddressConfirmed} />
    </Panel>
  );
}
