import type { ReactNode } from 'react';
import type { Dashboard, DashboardCourse } from '../../../../shared/api/dashboard.ts';
import { Button } from '../../../components/ui/button.tsx';
import { DaysLeft } from '../../../components/ui/days-left.tsx';
import { useOpenCustomerPortal } from '../api/open-customer-portal.ts';
import { opensOnReleaseText } from './dashboard-links.ts';
import { Panel, panelClass } from '../../../components/ui/panel.tsx';

const DESCRIPTION_LIMIT = 100;

const tierText: Record<Dashboard['tier'], string> = {
  admin: 'Admin: you have access to every course.',
  paid: 'Paid member: your purchased courses are open to you.',
  complimentary: 'Complimentary access: the courses you were given are open to you.',
  beta: 'Beta tester: your beta courses are open to you for a limited time.',
  free: 'Free account: you have not enrolled in a course yet.',
};

const accessText: Record<DashboardCourse['access']['accessType'], string> = {
  admin: 'Admin access',
  paid: 'Paid',
  beta: 'Beta',
  complimentary: 'Complimentary',
  none: 'No access',
};

export interface SubscriptionTabProps {
  dashboard: Dashboard | undefined;
  /** When the data was read: days left count from then. */
  updatedAt: number;
  isError: boolean;
  onRetry: () => void;
  /** Beta Access Management, composed in by the app. */
  betaManager?: ReactNode;
}

/**
 * 'Your Subscription': access status, access per course, and the billing portal for those with
 * a payment account (not for an admin's "Paid" grant, which has none).
 */
export function SubscriptionTab({
  dashboard,
  updatedAt,
  isError,
  onRetry,
  betaManager,
}: SubscriptionTabProps) {
  const portal = useOpenCustomerPortal();
  if (isError) {
    return (
      <div role="alert" className={panelClass}>
        <h2 className="font-display text-xl font-bold">Error Loading Subscription</h2>
        <p className="mt-2 text-ink-700">Failed to load subscription data</p>
        <Button className="mt-4" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  }
  if (!dashboard) return null;
  return (
    <div className="space-y-6">
      <Panel title="Your Subscription">
        <p className="mt-2 text-ink-800">
          <span className="font-semibold">Access status: </span>
          {tierText[dashboard.tier]}
        </p>
        {dashboard.canManageBilling && (
          <Button className="mt-4" onClick={() => portal.mutate()} disabled={portal.isPending}>
            Manage Billing
          </Button>
        )}
        <h3 className="mt-6 font-display text-lg font-semibold">Course access</h3>
        <ul className="mt-3 divide-y divide-ink-600/15">
          {dashboard.courses.map((course) => (
            // On a phone the access goes under the course, so the description keeps the width.
            <li
              key={course.id}
              className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-3"
            >
              <div className="min-w-0 sm:flex-1">
                <p className="font-semibold text-ink-900">{course.title}</p>
                <p className="text-sm text-ink-700">{truncate(course.description)}</p>
              </div>
              <div className="text-sm sm:shrink-0 sm:text-right">
                <p className="font-semibold text-ink-900">
                  {course.access.opensOnRelease
                    ? opensOnReleaseText
                    : accessText[course.access.accessType]}
                </p>
                <AccessExpiry course={course} now={updatedAt} />
              </div>
            </li>
          ))}
        </ul>
      </Panel>
      {betaManager}
    </div>
  );
}

function AccessExpiry({ course, now }: { course: DashboardCourse; now: number }) {
  const { accessType, expiresAt } = course.access;
  if (accessType === 'none' || accessType === 'admin') return null;
  if (!expiresAt) return <p className="text-ink-700">Never expires</p>;
  return (
    <p>
      {course.access.opensOnRelease && 'Open now with beta: '}
      <DaysLeft expiresAt={expiresAt} now={now} />
    </p>
  );
}

function truncate(text: string): string {
  return text.length > DESCRIPTION_LIMIT
    ? `${text.slice(0, DESCRIPTION_LIMIT).trimEnd()}...`
    : text;
}
