import { lazy, Suspense } from 'react';
import { Panel } from '../../../components/ui/panel.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../../components/ui/tabs.tsx';
import { adminMessages } from '../../../../shared/rules/admin.ts';
import { paths } from '../../../lib/paths.ts';
import { Link } from '../../../lib/router/router.tsx';
import { useSession } from '../../../lib/session.ts';
import { BetaStatusPanel } from './beta-status-panel.tsx';

// The form loads when its tab is chosen: its checks bring zod, which the dashboard's first paint
// does not need.
const RedeemCodeForm = lazy(async () => ({
  default: (await import('./redeem-code-form.tsx')).RedeemCodeForm,
}));

/**
 * Spec 2 §2: Beta Status, Redeem Code, and for admins the Admin Panel tab, which leads to the
 * beta tools in the admin panel (/admin), where an admin's tools live together.
 */
export function BetaAccessManager() {
  const { data: user } = useSession();
  return (
    <Panel title="Beta Access Management">
      <Tabs defaultValue="status" className="mt-4">
        <TabList aria-label="Beta access">
          <Tab value="status">Beta Status</Tab>
          <Tab value="redeem">Redeem Code</Tab>
          {user?.role === 'admin' && <Tab value="admin">Admin Panel</Tab>}
        </TabList>
        <TabPanel value="status" className="mt-4">
          <BetaStatusPanel />
        </TabPanel>
        <TabPanel value="redeem" className="mt-4">
          <Suspense>
            <RedeemCodeForm />
          </Suspense>
        </TabPanel>
        {user?.role === 'admin' && (
          <TabPanel value="admin" className="mt-4">
            {user.twoFactorEnabled ? (
              <p className="text-ink-800">
                Beta codes, grants, invitations and statistics are in the admin panel.{' '}
                <Link
                  to={`${paths.admin}?tab=beta`}
                  className="font-medium text-flame-700 underline underline-offset-2"
                >
                  Open Beta Programme in the Admin Panel
                </Link>
              </p>
            ) : (
              <p className="text-ink-800">
                {adminMessages.twoFactorRequired}{' '}
                <Link
                  to={`${paths.settings}?tab=privacy`}
                  className="font-medium text-flame-700 underline underline-offset-2"
                >
                  Set Up Two-Factor Sign-In
                </Link>
              </p>
            )}
          </TabPanel>
        )}
      </Tabs>
    </Panel>
  );
}
