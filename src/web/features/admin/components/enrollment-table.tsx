import type { AdminEnrollment } from '../../../../shared/api/admin.ts';
import { adminMessages, formatAdminDate } from '../../../../shared/rules/admin.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ScrollTable, stickyActionsClass } from './scroll-table.tsx';

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
  onRevoke,
}: {
  enrollments: AdminEnrollment[];
  onRevoke: (enrollment: AdminEnrollment) => void;
}) {
  if (enrollments.length === 0)
    return <p className="text-ink-700">{adminMessages.noEnrollments}</p>;
  return (
    <ScrollTable label="Enrollments">
      <table className="w-full text-left text-sm whitespace-nowrap">
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
            <th scope="col" className={`py-2 ${stickyActionsClass}`}>
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
              <td className={`py-2 ${stickyActionsClass}`}>
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
        </tbody>
      </table>
    </ScrollTable>
  );
}
