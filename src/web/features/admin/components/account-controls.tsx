import type { AdminUser } from '../../../../shared/api/admin.ts';
import { accountControlMessages, formatAdminDate } from '../../../../shared/rules/admin.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useEndUserSessions, useSetUserDisabled } from '../api/control-account.ts';
import type { PendingAction } from '../../../components/ui/confirm-dialog.tsx';
import { notify } from '../../../lib/notify.ts';

/** Signs a user out everywhere, or disables and enables their account: each confirmed first. */
export function AccountControls({
  user,
  disabledAt,
  onConfirm,
}: {
  user: AdminUser;
  disabledAt: string | null;
  onConfirm: (action: PendingAction) => void;
}) {
  const endSessions = useEndUserSessions();
  const setDisabled = useSetUserDisabled();
  const isDisabled = disabledAt !== null;

  const confirmEndSessions = () =>
    onConfirm({
      description: `Sign ${user.email} out on every device?`,
      run: () =>
        endSessions.mutate(user.id, {
          onSuccess: () => notify.area.success(accountControlMessages.sessionsEnded),
          onError: (error) => notify.area.failure('Failed to end the sessions', error),
        }),
    });
  const confirmSetDisabled = () =>
    onConfirm({
      description: isDisabled
        ? `Enable ${user.email}'s account, so they can sign in again?`
        : `Disable ${user.email}'s account? They are signed out and cannot sign in until it is enabled.`,
      run: () =>
        setDisabled.mutate(
          { userId: user.id, isDisabled: !isDisabled },
          {
            onSuccess: () =>
              notify.area.success(
                isDisabled ? accountControlMessages.enabled : accountControlMessages.disabled,
              ),
            onError: (error) => notify.area.failure('Failed to change the account', error),
          },
        ),
    });

  return (
    <section aria-labelledby="account-controls" className="space-y-3">
      <h3 id="account-controls" className="font-display text-lg font-bold">
        Sign-In
      </h3>
      <p className="text-ink-800">
        {disabledAt !== null
          ? `Disabled since ${formatAdminDate(disabledAt)}: this account cannot sign in.`
          : 'Active: this account can sign in.'}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={confirmEndSessions}>
          End All Sessions
        </Button>
        <Button variant={isDisabled ? 'secondary' : 'danger'} onClick={confirmSetDisabled}>
          {isDisabled ? 'Enable Account' : 'Disable Account'}
        </Button>
      </div>
    </section>
  );
}
