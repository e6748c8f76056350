import type { BetaGrantView } from '../../../../shared/api/beta.ts';
import type {
  AdminSubscription,
  AdminUserDetail,
  IncludedOnRelease,
} from '../../../../shared/api/admin.ts';
import { formatAdminDate } from '../../../../shared/rules/admin.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useCatalogue } from '../../../lib/catalogue.ts';

const sourceListClass = 'divide-y divide-ink-600/10 rounded-lg border border-ink-600/20';
const sourceItemClass = 'flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3';

const grantEndText = { expired: 'ended', deactivated: 'revoked', upgraded: 'upgraded to paid' };

/**
 * Where the user's access comes from besides their enrollments (spec 2 §2 lists enrollments;
 * an admin needs every source to see, and revoke, what a learner has). Without the handlers
 * (the enrollment diagnostics) the list is read only.
 */
export function AccessSources({
  detail,
  onRevokeBetaGrant,
  onWithdrawIncluded,
}: {
  detail: AdminUserDetail;
  onRevokeBetaGrant?: (grant: BetaGrantView, courseNames: string) => void;
  onWithdrawIncluded?: (course: IncludedOnRelease) => void;
}) {
  const courseNames = useCourseNames();
  return (
    <>
      <section aria-labelledby="user-beta-grants">
        <h3 id="user-beta-grants" className="mb-3 font-display text-lg font-bold">
          Beta Access
        </h3>
        {detail.betaGrants.length === 0 ? (
          <p className="text-ink-700">No beta access granted.</p>
        ) : (
          <ul className={sourceListClass}>
            {detail.betaGrants.map((grant) => (
              <li key={grant.id} className={sourceItemClass}>
                <div>
                  <p className="font-medium">{courseNames(grant.courseIds)}</p>
                  <p className="text-sm text-ink-700">
                    Beta ({grant.grantMethod}
                    {grant.betaCodeUsed ? ` ${grant.betaCodeUsed}` : ''}), since{' '}
                    {formatAdminDate(grant.grantedAt)},{' '}
                    {grant.isActive
                      ? `until ${grant.expiresAt ? formatAdminDate(grant.expiresAt) : 'Never'}`
                      : grantEndText[grant.endReason ?? 'expired']}
                  </p>
                </div>
                {grant.isActive && onRevokeBetaGrant && (
                  <Button
                    variant="secondary"
                    className="px-3 py-1.5 text-sm"
                    aria-label={`Revoke beta access to ${courseNames(grant.courseIds)}`}
                    onClick={() => onRevokeBetaGrant(grant, courseNames(grant.courseIds))}
                  >
                    Revoke
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {detail.includedOnRelease.length > 0 && (
        <section aria-labelledby="user-included-on-release">
          <h3 id="user-included-on-release" className="mb-3 font-display text-lg font-bold">
            Included, opens when released
          </h3>
          <ul className={sourceListClass}>
            {detail.includedOnRelease.map((course) => (
              <li key={`${course.purchaseId}-${course.courseId}`} className={sourceItemClass}>
                <div>
                  <p className="font-medium">{course.courseTitle}</p>
                  <p className="text-sm text-ink-700">
                    In the bundle bought {formatAdminDate(course.purchasedAt)}; its year starts on
                    release
                  </p>
                </div>
                {onWithdrawIncluded && (
                  <Button
                    variant="secondary"
                    className="px-3 py-1.5 text-sm"
                    aria-label={`Revoke ${course.courseTitle} on release`}
                    onClick={() => onWithdrawIncluded(course)}
                  >
                    Revoke
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {detail.subscriptions.length > 0 && <Subscriptions subscriptions={detail.subscriptions} />}
    </>
  );
}

/** Read only: a subscription is ended with the payment provider, which then tells us. */
function Subscriptions({ subscriptions }: { subscriptions: AdminSubscription[] }) {
  return (
    <section aria-labelledby="user-subscriptions">
      <h3 id="user-subscriptions" className="mb-3 font-display text-lg font-bold">
        Subscriptions
      </h3>
      <ul className={sourceListClass}>
        {subscriptions.map((subscription) => (
          <li key={subscription.id} className={sourceItemClass}>
            <p>
              <span className="font-medium">{subscription.productId}</span>: {subscription.status}
              {subscription.cancelAtPeriodEnd && ', cancels at the end of the period'}
              {subscription.currentPeriodEnd &&
                `, period ends ${formatAdminDate(subscription.currentPeriodEnd)}`}
              {subscription.graceEndsAt &&
                `, payment failed: open until ${formatAdminDate(subscription.graceEndsAt)}`}
              {subscription.isGranting ? ' (opens its courses)' : ' (opens nothing)'}
            </p>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-ink-700">
        Cancel a subscription in the payment provider&apos;s dashboard; access follows it.
      </p>
    </section>
  );
}

/** Course titles for a list of ids; an empty list is every course. */
function useCourseNames(): (courseIds: readonly string[]) => string {
  const catalogue = useCatalogue();
  return (courseIds) => {
    if (courseIds.length === 0) return 'Every course';
    const titles = new Map(catalogue.data?.courses.map((course) => [course.id, course.title]));
    return courseIds.map((courseId) => titles.get(courseId) ?? courseId).join(', ');
  };
}
