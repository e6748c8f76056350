import { useId, useState } from 'react';
import {
  accessTypeChoices,
  type AccessTypeChoice,
  type AdminUser,
} from '../../../../shared/api/admin.ts';
import { adminMessages, adminSuccess } from '../../../../shared/rules/admin.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useGrantEnrollments } from '../api/grant-enrollments.ts';
import type { PendingAction } from '../../../components/ui/confirm-dialog.tsx';
import { CourseChecklist } from '../../../components/ui/course-checklist.tsx';
import { notify } from '../../../lib/notify.ts';

const accessTypeLabels: Record<AccessTypeChoice, string> = {
  complimentary: 'Complimentary',
  paid: 'Paid',
  beta: 'Beta',
};

/** Spec 2 §2 'Grant New Access': complimentary by default; confirmed before it is sent. */
export function GrantAccessForm({
  user,
  onConfirm,
}: {
  user: AdminUser;
  onConfirm: (action: PendingAction) => void;
}) {
  const [courseIds, setCourseIds] = useState<string[]>([]);
  const [accessType, setAccessType] = useState<AccessTypeChoice>('complimentary');
  const [expiresOn, setExpiresOn] = useState('');
  const grant = useGrantEnrollments();
  const accessTypeId = useId();

  const submit = () => {
    if (courseIds.length === 0) {
      notify.area.error(adminMessages.selectCourse);
      return;
    }
    const input = {
      userId: user.id,
      courseIds,
      accessType,
      ...(expiresOn ? { expiresAt: `${expiresOn}T23:59:59.000Z` } : {}),
    };
    onConfirm({
      description: `Grant ${accessTypeLabels[accessType].toLowerCase()} access to ${courseIds.length} course(s) to ${user.email}?`,
      run: () =>
        grant.mutate(input, {
          onSuccess: ({ granted }) => {
            notify.area.success(adminSuccess.granted(granted));
            setCourseIds([]);
          },
          onError: (error) => notify.area.failure(adminMessages.grantFailed, error),
        }),
    });
  };

  return (
    <section aria-labelledby="grant-new-access" className="space-y-4">
      <h3 id="grant-new-access" className="font-display text-lg font-bold">
        Grant New Access
      </h3>
      <CourseChecklist
        legend="Courses"
        selected={courseIds}
        onChange={setCourseIds}
        hasSelectAll
        hasComingSoonBadges
      />
      <div className="flex flex-wrap gap-4">
        <div>
          <label htmlFor={accessTypeId} className="mb-1 block text-sm font-medium">
            Access type
          </label>
          <select
            id={accessTypeId}
            value={accessType}
            onChange={(event) => setAccessType(event.target.value as AccessTypeChoice)}
            className="rounded-lg border border-ink-600/40 bg-white px-3 py-2.5"
          >
            {accessTypeChoices.map((choice) => (
              <option key={choice} value={choice}>
                {accessTypeLabels[choice]}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Expires on (optional)"
          type="date"
          value={expiresOn}
          onChange={(event) => setExpiresOn(event.target.value)}
        />
      </div>
      <p className="text-sm text-ink-700">
        Without a date, beta access lasts 30 days and other access 365 days. A course the learner
        paid for is never replaced by a grant.
      </p>
      <Button onClick={submit} disabled={grant.isPending}>
        Grant Access
      </Button>
    </section>
  );
}
