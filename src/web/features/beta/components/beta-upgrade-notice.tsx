import { useEffect } from 'react';
import { notify } from '../../../lib/notify.ts';
import { useSearchParams } from '../../../lib/router/router.tsx';
import { betaMessages } from '../../../../shared/rules/beta.ts';
import { useUpgradeStatus } from '../api/get-upgrade-status.ts';

/** After a checkout that upgraded beta access: the spec's success words. */
export function BetaUpgradeNotice() {
  const [searchParams] = useSearchParams();
  const checkoutId = searchParams.get('session_id');
  const status = useUpgradeStatus(checkoutId);
  const isUpgraded = status.data?.upgraded === true;
  useEffect(() => {
    if (isUpgraded) notify.site.success(betaMessages.upgraded, { id: 'beta-upgraded' });
  }, [isUpgraded]);
  if (!isUpgraded) return null;
  return (
    <p className="rounded-lg border border-green-700/40 bg-white px-4 py-3 font-medium">
      {betaMessages.upgraded}
    </p>
  );
}
