import { useState } from 'react';
import { adminMessages, formatAdminDate } from '../../../../shared/rules/admin.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useUserDetail } from '../api/get-user-detail.ts';
import { useSearchUser } from '../api/search-user.ts';
import { AccessSources } from '../components/access-sources.tsx';
import { DiagnosticsLayout } from '../components/diagnostics-layout.tsx';
import { UserSearchForm } from '../components/user-search-form.tsx';
import { Panel, panelClass } from '../../../components/ui/panel.tsx';

/**
 * Spec 2's enrollment debug page, read-only: a user's enrollments and the access they give, then
 * every other source of access (beta grants, included on release, subscriptions) as the admin's
 * user view shows them.
 */
export function EnrollmentDebugRoute() {
  const search = useSearchUser();
  const detail = useUserDetail(search.data?.id ?? null);
  const [isRawShown, setIsRawShown] = useState(false);
  return (
    <DiagnosticsLayout title="Enrollment diagnostics">
      <section className={panelClass}>
        <UserSearchForm onSearch={(email) => search.mutate(email)} isSearching={search.isPending} />
        {search.isError && (
          <p role="alert" className="mt-3">
            {search.error instanceof ApiError && search.error.status === 404
              ? adminMessages.userNotFound
              : adminMessages.searchFailed}
          </p>
        )}
      </section>
      {detail.data && (
        <Panel title={`${detail.data.user.email}: ${detail.data.tier}`}>
          <ul className="mt-3 space-y-3">
            {detail.data.enrollments.map((enrollment) => (
              <li key={enrollment.courseId}>
                <p className="font-semibold">{enrollment.courseTitle}</p>
                <p className="text-sm">
                  {enrollment.purchaseType}, gives {enrollment.accessType} access, since{' '}
                  {formatAdminDate(enrollment.enrolledAt)}, expires{' '}
                  {enrollment.expiresAt ? formatAdminDate(enrollment.expiresAt) : 'Never'}
                </p>
                <div
                  role="progressbar"
                  aria-label={`${enrollment.courseTitle} progress`}
                  aria-valuenow={enrollment.progress}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  className="mt-1 h-2 overflow-hidden rounded-full bg-flame-100"
                >
                  <div
                    className="h-full bg-flame-600"
                    style={{ width: `${enrollment.progress}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
          {detail.data.enrollments.length === 0 && <p>{adminMessages.noEnrollments}</p>}
          <div className="mt-6 space-y-6">
            <AccessSources detail={detail.data} />
          </div>
          <Button variant="secondary" className="mt-4" onClick={() => setIsRawShown(!isRawShown)}>
            {isRawShown ? 'Hide raw data' : 'Show raw data'}
          </Button>
          {isRawShown && (
            <pre className="mt-3 overflow-x-auto rounded-lg bg-night p-3 text-xs text-on-night">
              {JSON.stringify(detail.data, null, 2)}
            </pre>
          )}
        </Panel>
      )}
    </DiagnosticsLayout>
  );
}
