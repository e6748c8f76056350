import * as Tabs from '@radix-ui/react-tabs';
import { adminMessages } from '../../../../shared/rules/admin.ts';
import { paths } from '../../../lib/paths.ts';
import { Link } from '../../../lib/router/router.tsx';
import { useSession } from '../../../lib/session.ts';
import { BetaStatusPanel } from './beta-status-panel.tsx';
import { RedeemCodeForm } from './redeem-code-form.tsx';

export const tabClass =
  'rounded-lg px-3 py-2 text-sm font-semibold text-ink-700 hover:bg-ink-700/5 data-[state=active]:bg-flame-600 data-[state=active]:text-white';

/**
 * Spec 2 §2: Beta Status, Redeem Code, and for admins the Admin Panel tab, which leads to the
 * beta tools in the admin panel (/admin), where an admin's tools live together.
 */
export function BetaAccessManager() {
  const { data: user } = useSession();
  return (
    <section aria-labelledby="beta-access" className="rounded-xl bg-white p-5 shadow-sm">
      <h2 id="beta-access" className="font-display text-xl font-bold">
        Beta Access Management
      </h2>
      <Tabs.Root defaultValue="status" className="mt-4">
        <Tabs.List aria-label="Beta access" className="flex flex-wrap gap-2">
          <Tabs.Trigger value="status" className={tabClass}>
            Beta Status
          </Tabs.Trigger>
          <Tabs.Trigger value="redeem" className={tabClass}>
            Redeem Code
          </Tabs.Trigger>
          {user?.role === 'admin' && (
            <Tabs.Trigger value="admin" className={tabClass}>
              Admin Panel
            </Tabs.Trigger>
          )}
        </Tabs.List>
        <Tabs.Content value="status" className="mt-4">
          <BetaStatusPanel />
        </Tabs.Content>
        <Tabs.Content value="redeem" className="mt-4">
          <RedeemCodeForm />
        </Tabs.Content>
        {user?.role === 'admin' && (
          <Tabs.Content value="admin" className="mt-4">
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
          </Tabs.Content>
        )}
      </Tabs.Root>
    </section>
  );
}
