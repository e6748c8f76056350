import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { adminMessages, adminSuccess, parseEmailList } from '../../../../shared/rules/admin.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useGrantBulkBetaAccess } from '../api/grant-bulk-beta-access.ts';
import type { PendingAction } from '../../../components/ui/confirm-dialog.tsx';
import { CourseChecklist } from '../../../components/ui/course-checklist.tsx';
import { notify } from '../../../lib/notify.ts';
import { panelClass } from '../../../components/ui/panel.tsx';

/** Spec 2 §2 'Bulk Actions': beta access for a list of emails, confirmed before it is sent. */
export function BulkActions({ onConfirm }: { onConfirm: (action: PendingAction) => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const [emailText, setEmailText] = useState('');
  const [courseIds, setCourseIds] = useState<string[]>([]);
  const [expiresOn, setExpiresOn] = useState('');
  const [notFound, setNotFound] = useState<string[]>([]);
  const [waiting, setWaiting] = useState<string[]>([]);
  const grant = useGrantBulkBetaAccess();
  const panelId = useId();

  const submit = () => {
    const emails = parseEmailList(emailText);
    if (!emails) {
      notify.area.error(adminMessages.validEmails);
      return;
    }
    if (courseIds.length === 0) {
      notify.area.error(adminMessages.selectCourse);
      return;
    }
    onConfirm({
      description: `Grant beta access to ${emails.length} user(s) for ${courseIds.length} course(s)?`,
      run: () =>
        grant.mutate(
          {
            emails,
            courseIds,
            ...(expiresOn ? { expiresAt: `${expiresOn}T23:59:59.000Z` } : {}),
          },
          {
            onSuccess: (result) => {
              notify.area.success(adminSuccess.bulkGranted(result.userCount, result.courseCount));
              setNotFound(result.notFound);
              setWaiting(result.waitingForConfirmation);
            },
            onError: (error) =>
              error instanceof ApiError && error.status === 404
                ? notify.area.error(adminMessages.noUsersFound)
                : notify.area.failure(adminMessages.bulkFailed, error),
          },
        ),
    });
  };

  return (
    <section className={panelClass}>
      <h2>
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setIsOpen(!isOpen)}
          className="flex w-full items-center justify-between font-display text-xl font-bold"
        >
          Bulk Actions
          <ChevronDown
            aria-hidden="true"
            className={`h-5 w-5 transition-transform ${isOpen ? 'rotate-180' : ''}`}
          />
        </button>
      </h2>
      <div id={panelId} hidden={!isOpen} className="mt-4 space-y-4">
        <TextAreaField
          label="Emails (one a line, or separated by commas)"
          maxLength={20_000}
          value={emailText}
          onChange={(event) => setEmailText(event.target.value)}
        />
        <CourseChecklist
          legend="Beta courses"
          selected={courseIds}
          onChange={setCourseIds}
          hasSelectAll
          hasComingSoonBadges
        />
        <TextField
          label="Beta access expires on (optional)"
          type="date"
          value={expiresOn}
          onChange={(event) => setExpiresOn(event.target.value)}
          className="max-w-xs"
        />
        <Button onClick={submit} disabled={grant.isPending}>
          Grant Beta Access
        </Button>
        {notFound.length > 0 && (
          <p role="status" className="text-sm text-ink-800">
            No account for: {notFound.join(', ')}
          </p>
        )}
        {waiting.length > 0 && (
          <p role="status" className="text-sm text-ink-800">
            Waiting for confirmation (granted when they confirm their email address):{' '}
            {waiting.join(', ')}
          </p>
        )}
      </div>
    </section>
  );
}
