import { useState } from 'react';
import { betaMessages } from '../../../../shared/rules/beta.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DaysLeft } from '../../../components/ui/days-left.tsx';
import { useMyBetaStatus } from '../api/get-my-beta-status.ts';
import { useCourseNames } from './course-names.ts';
import { UpgradeModal } from './upgrade-modal.tsx';

const accessText = {
  none: 'You have no active beta access.',
  partial: 'Partial beta access: the courses listed below.',
  full: 'Full beta access: every course.',
} as const;

const methodText = { code: 'Beta code', admin: 'Granted by an admin', email: 'Invitation' };

export function BetaStatusPanel() {
  const status = useMyBetaStatus();
  const courseNames = useCourseNames();
  const [isUpgrading, setIsUpgrading] = useState(false);
  if (status.isPending) return <p className="text-ink-700">Loading beta status...</p>;
  if (status.isError) return <ErrorAlert>{betaMessages.checkFailed}</ErrorAlert>;
  const { accessType, grants } = status.data;
  const betaCourseIds = [...new Set(grants.flatMap((grant) => grant.courseIds))];
  return (
    <div>
      <p className="font-semibold text-ink-900">{accessText[accessType]}</p>
      {grants.length > 0 && (
        <ul className="mt-3 divide-y divide-ink-600/15">
          {grants.map((grant) => (
            <li key={grant.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
              <span>
                <span className="font-semibold">{courseNames(grant.courseIds)}</span>
                <span className="text-ink-700"> · {methodText[grant.grantMethod]}</span>
              </span>
              {grant.expiresAt ? (
                <DaysLeft expiresAt={grant.expiresAt} now={status.dataUpdatedAt} />
              ) : (
                <span className="text-ink-700">Never expires</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {accessType !== 'none' && (
        <>
          <Button className="mt-4" onClick={() => setIsUpgrading(true)}>
            Upgrade to Paid Access
          </Button>
          <UpgradeModal
            open={isUpgrading}
            onOpenChange={setIsUpgrading}
            betaCourseIds={accessType === 'full' ? [] : betaCourseIds}
          />
        </>
      )}
    </div>
  );
}
