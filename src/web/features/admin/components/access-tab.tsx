import { useState } from 'react';
import { adminMessages } from '../../../../shared/rules/admin.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSearchUser } from '../api/search-user.ts';
import { BulkActions } from './bulk-actions.tsx';
import { ConfirmDialog, type PendingAction } from '../../../components/ui/confirm-dialog.tsx';
import { UserDetails } from './user-details.tsx';
import { UserSearchForm } from './user-search-form.tsx';
import { notify } from '../../../lib/notify.ts';
import { panelClass } from '../../../components/ui/panel.tsx';

/** Search a user by email, then read, grant and revoke their access; or grant beta in bulk. */
export function AccessTab({
  userId,
  onSelectUser,
}: {
  userId: string | null;
  onSelectUser: (userId: string | null) => void;
}) {
  const search = useSearchUser();
  const [pending, setPending] = useState<PendingAction | null>(null);

  const runSearch = (email: string) =>
    search.mutate(email, {
      onSuccess: (user) => onSelectUser(user.id),
      onError: (error) => {
        onSelectUser(null);
        notify.area.error(
          error instanceof ApiError && error.status === 404
            ? adminMessages.userNotFound
            : adminMessages.searchFailed,
        );
      },
    });

  return (
    <div className="space-y-6">
      <section
        aria-label="Current user"
        className="flex items-center justify-between gap-3 rounded-lg border border-dashed border-ink-600/40 bg-white px-4 py-2 text-sm"
      >
        <span>
          Current user: <span className="font-mono">{userId ?? 'none'}</span>
        </span>
        <Button
          variant="ghost"
          className="px-3 py-1 text-sm"
          onClick={() => {
            search.reset();
            onSelectUser(null);
          }}
        >
          Clear
        </Button>
      </section>
      <section className={panelClass}>
        <UserSearchForm onSearch={runSearch} isSearching={search.isPending} />
      </section>
      <BulkActions onConfirm={setPending} />
      {userId && (
        <section className={panelClass}>
          <UserDetails userId={userId} onConfirm={setPending} />
        </section>
      )}
      <ConfirmDialog action={pending} onClose={() => setPending(null)} />
    </div>
  );
}
