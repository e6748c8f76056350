import { useState, type FormEvent } from 'react';
import { changePasswordFormSchema } from '../../../../shared/api/account.ts';
import { accountMessages } from '../../../../shared/rules/account.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { notify } from '../../../lib/notify.ts';
import { messageOf } from '../../../lib/api-client.ts';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The register form's rules for the new password; other devices are signed out. */
export function ChangePasswordForm() {
  const [form, setForm] = useState(empty);
  const [error, setError] = useState<string>();
  const change = useChangePassword();
  const set = (name: keyof typeof empty) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [name]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = changePasswordFormSchema.safeParse(form);
    if (!result.success) {
      setError(result.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    const { currentPassword, newPassword } = result.data;
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setForm(empty);
          notify.area.success(accountMessages.passwordChanged);
        },
        onError: (failure) => setError(messageOf(failure, accountMessages.saveSettingsFailed)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h3 className="font-display text-lg font-bold">Change Password</h3>
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        value={form.currentPassword}
        onChange={set('currentPassword')}
      />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        value={form.newPassword}
        onChange={set('newPassword')}
        hint={
          <p className="mt-1 text-sm text-ink-700">
            At least 8 characters, with uppercase, lowercase and a number.
          </p>
        }
      />
      <TextField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        value={form.confirmPassword}
        onChange={set('confirmPassword')}
      />
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? 'Changing...' : 'Change Password'}
      </Button>
    </form>
  );
}
