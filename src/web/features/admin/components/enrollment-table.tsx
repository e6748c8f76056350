import type { AdminEnrollment, AdminUserDetail } from '../../../../shared/api/admin.ts';
import { adminMessages, formatAdminDate } from '../../../../shared/rules/admin.ts';
import { Button } from '../../../components/ui/button.tsx';

const accessTypeText: Record<AdminEnrollment['purchaseType'], string> = {
  individual: 'Paid (individual)',
  bundle: 'Paid (bundle)',
  subscription: 'Paid (subscription)',
  paid: 'Paid (recorded by an admin)',
  beta: 'Beta',
  complimentary: 'Complimentary',
};

export function EnrollmentTable({
  enrollments,
  opensOnRelease,
  onRevoke,
}: {
  enrollments: AdminEnrollment[];
  /** Courses of a paid bundle not released yet: a refund of the bundle withdraws them. */
  opensOnRelease: AdminUserDetail['opensOnRelease'];
  onRevoke: (enrollment: AdminEnrollment) => void;
}) {
  if (enrollments.length === 0 && opensOnRelease.length === 0)
    return <p className="text-ink-700">{adminMessages.noEnrollments}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Enrollments</caption>
        <thead className="border-b border-ink-600/20 text-ink-700">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Course
            </th>
            <th scope="col" className="py-2 pr-3">
              Access Type
            </th>
            <th scope="col" className="py-2 pr-3">
              Purchased
            </th>
            <th scope="col" className="py-2 pr-3">
              Expires
            </th>
            <th scope="col" className="py-2">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {enrollments.map((enrollment) => (
            <tr key={enrollment.courseId} className="border-b border-ink-600/10">
              <td className="py-2 pr-3 font-medium">{enrollment.courseTitle}</td>
              <td className="py-2 pr-3">
                {accessTypeText[enrollment.purchaseType]}
                {enrollment.accessType === 'none' && ' (ended)'}
              </td>
              <td className="py-2 pr-3">{formatAdminDate(enrollment.enrolledAt)}</td>
              <td className="py-2 pr-3">
                {enrollment.expiresAt ? formatAdminDate(enrollment.expiresAt) : 'Never'}
              </td>
              <td className="py-2">
                <Button
                  variant="secondary"
                  className="px-3 py-1.5 text-sm"
                  aria-label={`Revoke ${enrollment.courseTitle}`}
                  onClick={() => onRevoke(enrollment)}
                >
                  Revoke
                </Button>
              </td>
            </tr>
          ))}
          {opensOnRelease.map((course) => (
            <tr key={course.courseId} className="border-b border-ink-600/10">
              <td className="py-2 pr-3 font-medium">{course.courseTitle}</td>
              <td className="py-2 pr-3">Paid (bundle): Included, opens when released</td>
              <td className="py-2 pr-3">With the bundle</td>
              <td className="py-2 pr-3">12 months after release</td>
              <td className="py-2" />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
