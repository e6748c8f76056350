import type { AdminEnrollment } from '../../../../shared/api/admin.ts';
import { adminMessages, adminSuccess, formatAdminDate } from '../../../../shared/rules/admin.ts';
import { useUserDetail } from '../api/get-user-detail.ts';
import { useRevokeEnrollment } from '../api/revoke-enrollment.ts';
import { AccessTrail } from './access-trail.tsx';
import { AccountControls } from './account-controls.tsx';
import { adminToast } from './admin-toast.ts';
import type { PendingAction } from './confirm-dialog.tsx';
import { EnrollmentTable } from './enrollment-table.tsx';
import { GrantAccessForm } from './grant-access-form.tsx';
import { UserReflections } from './user-reflections.tsx';
import { betaMessages } from '../../../../shared/rules/beta.ts';

/** Spec 2 §2: the found user's details, enrollments, a grant form, and their audit trail. */
export function UserDetails({
  userId,
  onConfirm,
}: {
  userId: string;
  onConfirm: (action: PendingAction) => void;
}) {
  const detail = useUserDetail(userId);
  const revoke = useRevokeEnrollment();

  if (detail.isPending) return <p className="text-ink-700">Loading user...</p>;
  if (detail.isError) {
    return (
      <p role="alert" className="text-red-800">
        {adminMessages.enrollmentsFailed}
      </p>
    );
  }
  const { user, enrollments, opensOnRelease, accessEvents, accountEvents, disabledAt, tier } =
    detail.data;

  const confirmRevoke = (enrollment: AdminEnrollment) =>
    onConfirm({
      description: `Revoke ${user.email}'s access to ${enrollment.courseTitle}?`,
      run: () =>
        revoke.mutate(
          { userId: user.id, courseId: enrollment.courseId },
          {
            onSuccess: () => adminToast.success(adminSuccess.revoked(enrollment.courseTitle)),
            onError: (error) =>
              adminToast.failure(
                enrollment.purchaseType === 'beta'
                  ? betaMessages.revokeFailed
                  : adminMessages.revokeFailed,
                error,
              ),
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
        <h3 id="user-enrollments" className="mb-3 font-display text-lg font-bold">
          Enrollments
        </h3>
        <EnrollmentTable
          enrollments={enrollments}
          opensOnRelease={opensOnRelease}
          onRevoke={confirmRevoke}
        />
      </section>
      <GrantAccessForm user={user} onConfirm={onConfirm} />
      <AccountControls user={user} disabledAt={disabledAt} onConfirm={onConfirm} />
      <AccessTrail events={accessEvents} accountEvents={accountEvents} />
      <UserReflections userId={user.id} />
    </div>
  );
}
