import type { AdminEnrollment } from '../../../../shared/api/admin.ts';
import { adminMessages, adminSuccess, formatAdminDate } from '../../../../shared/rules/admin.ts';
import { betaMessages } from '../../../../shared/rules/beta.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  useClearEnrollments,
  useRevokeBetaGrant,
  useWithdrawIncludedOnRelease,
} from '../api/change-user-access.ts';
import { useUserDetail } from '../api/get-user-detail.ts';
import { useRevokeEnrollment } from '../api/revoke-enrollment.ts';
import { AccessSources } from './access-sources.tsx';
import { AccessTrail } from './access-trail.tsx';
import { AccountControls } from './account-controls.tsx';
import type { PendingAction } from '../../../components/ui/confirm-dialog.tsx';
import { EnrollmentTable } from './enrollment-table.tsx';
import { GrantAccessForm } from './grant-access-form.tsx';
import { PacedModules } from './paced-modules.tsx';
import { UserPaymentPlans } from './user-payment-plans.tsx';
import { UserReflections } from './user-reflections.tsx';
import { notify } from '../../../lib/notify.ts';

/**
 * Spec 2 §2: the found user's details, every source of their access (each with revoke), a grant
 * form, and their audit trail.
 */
export function UserDetails({
  userId,
  onConfirm,
}: {
  userId: string;
  onConfirm: (action: PendingAction) => void;
}) {
  const detail = useUserDetail(userId);
  const revoke = useRevokeEnrollment();
  const clearAll = useClearEnrollments();
  const revokeBeta = useRevokeBetaGrant();
  const withdrawIncluded = useWithdrawIncludedOnRelease();

  if (detail.isPending) return <p className="text-ink-700">Loading user...</p>;
  if (detail.isError) {
    return (
      <p role="alert" className="text-red-800">
        {adminMessages.enrollmentsFailed}
      </p>
    );
  }
  const { user, enrollments, accessEvents, accountEvents, disabledAt, tier } = detail.data;

  const confirmRevoke = (enrollment: AdminEnrollment) =>
    onConfirm({
      description: `Revoke ${user.email}'s access to ${enrollment.courseTitle}?`,
      run: () =>
        revoke.mutate(
          { userId: user.id, courseId: enrollment.courseId },
          {
            onSuccess: () => notify.area.success(adminSuccess.revoked(enrollment.courseTitle)),
            onError: (error) =>
              notify.area.failure(
                enrollment.purchaseType === 'beta'
                  ? betaMessages.revokeFailed
                  : adminMessages.revokeFailed,
                error,
              ),
          },
        ),
    });

  const confirmClearAll = () =>
    onConfirm({
      description: `Clear all of ${user.email}'s enrollments (${enrollments.length} course(s))? Each is recorded in the access history.`,
      run: () =>
        clearAll.mutate(
          { userId: user.id },
          {
            onSuccess: (result) => notify.area.success(adminSuccess.cleared(result.revoked)),
            onError: (error) => notify.area.failure(adminMessages.clearAllFailed, error),
          },
        ),
    });

  return (
    <div className="space-y-8">
      <section aria-labelledby="user-details">
        <h2 id="user-details" className="font-display text-xl font-bold">
          User Details
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-[8rem_1fr]">
          <dt className="font-semibold">Name</dt>
          <dd>{user.name || `${user.firstName} ${user.lastName}`.trim() || '—'}</dd>
          <dt className="font-semibold">Email</dt>
          <dd>{user.email}</dd>
          <dt className="font-semibold">User ID</dt>
          <dd className="font-mono text-sm break-all">{user.id}</dd>
          <dt className="font-semibold">Created</dt>
          <dd>{formatAdminDate(user.createdAt)}</dd>
          <dt className="font-semibold">Role</dt>
          <dd>{user.role}</dd>
          <dt className="font-semibold">Access</dt>
          <dd>{tier}</dd>
        </dl>
      </section>
      <section aria-labelledby="user-enrollments">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h3 id="user-enrollments" className="font-display text-lg font-bold">
            Enrollments
          </h3>
          {enrollments.length > 0 && (
            <Button variant="secondary" className="px-3 py-1.5 text-sm" onClick={confirmClearAll}>
              Clear All Enrollments
            </Button>
          )}
        </div>
        <EnrollmentTable enrollments={enrollments} onRevoke={confirmRevoke} />
      </section>
      <AccessSources
        detail={detail.data}
        onRevokeBetaGrant={(grant, courseNames) =>
          onConfirm({
            description: `Revoke ${user.email}'s beta access to ${courseNames}?`,
            run: () =>
              revokeBeta.mutate(
                { userId: user.id, grantId: grant.id },
                {
                  onSuccess: () => notify.area.success(betaMessages.deactivated),
                  onError: (error) => notify.area.failure(betaMessages.revokeFailed, error),
                },
              ),
          })
        }
        onWithdrawIncluded={(course) =>
          onConfirm({
            description: `Revoke ${course.courseTitle} from ${user.email}'s bundle, so it does not open for them on release?`,
            run: () =>
              withdrawIncluded.mutate(
                { userId: user.id, courseId: course.courseId },
                {
                  onSuccess: () => notify.area.success(adminSuccess.revoked(course.courseTitle)),
                  onError: (error) => notify.area.failure(adminMessages.revokeFailed, error),
                },
              ),
          })
        }
      />
      <PacedModules user={user} modules={detail.data.pacedModules} onConfirm={onConfirm} />
      <UserPaymentPlans plans={detail.data.paymentPlans} />
      <GrantAccessForm user={user} onConfirm={onConfirm} />
      <AccountControls user={user} disabledAt={disabledAt} onConfirm={onConfirm} />
      <AccessTrail events={accessEvents} accountEvents={accountEvents} />
      <UserReflections userId={user.id} />
    </div>
  );
}
