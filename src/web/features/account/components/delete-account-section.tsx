import { useState } from 'react';
import { accountMessages, addressDataCoverage } from '../../../../shared/rules/account.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useDeleteAccount } from '../api/delete-account.ts';
import { PasswordDialog } from './password-dialog.tsx';
import { messageOf } from '../../../lib/api-client.ts';

/** Deletes the account for good, once the password confirms it is the learner asking. */
export function DeleteAccountSection({ isAddressConfirmed }: { isAddressConfirmed: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  const remove = useDeleteAccount();
  const error = remove.error
    ? messageOf(remove.error, 'Your account could not be deleted. Please try again.')
    : undefined;
  return (
    <div className="space-y-3">
      <h3 className="font-display text-lg font-bold">Delete Account</h3>
      <p className="text-ink-800">
        Your profile, progress, reflections, enrollments and sign-ins are deleted for good. The
        record of a payment you made stays, without your name or email, because the law requires us
        to keep it. Download your data first if you want a copy.
      </p>
      <p className="text-ink-800">
        {isAddressConfirmed
          ? addressDataCoverage.deletionIncluded
          : addressDataCoverage.deletionWithheld}
      </p>
      <Button variant="danger" onClick={() => setIsOpen(true)}>
        Delete Account
      </Button>
      <PasswordDialog
        open={isOpen}
        onOpenChange={(open) => {
          setIsOpen(open);
          remove.reset();
        }}
        title="Delete your account?"
        description="This cannot be undone. Enter your password to delete your account."
        confirmLabel="Delete my account"
        isDanger
        error={error}
        isPending={remove.isPending}
        onConfirm={(password) => remove.mutate({ password })}
      />
      {remove.isSuccess && <p role="status">{accountMessages.accountDeleted}</p>}
    </div>
  );
}
