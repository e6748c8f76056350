import { useState } from 'react';
import { formatAdminDate } from '../../../../shared/rules/admin.ts';
import { EMAIL_MAX_LENGTH } from '../../../../shared/rules/email.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useUserList } from '../api/list-users.ts';
import { Pager } from '../../../components/ui/pager.tsx';
import { Panel } from '../../../components/ui/panel.tsx';

/** Every user, newest first, or those whose email or name contains the text; a page at a time. */
export function UsersTab({ onOpenUser }: { onOpenUser: (userId: string) => void }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useUserList(search.trim(), page);
  return (
    <Panel title="All users">
      <TextField
        label="Email or name contains"
        type="search"
        className="mt-3 max-w-md"
        value={search}
        maxLength={EMAIL_MAX_LENGTH}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
      />
      {list.isError && <p role="alert">The users could not be loaded.</p>}
      {list.data && (
        <>
          <table className="mt-4 w-full text-left text-sm">
            <caption className="sr-only">Users</caption>
            <thead className="border-b border-ink-600/20 text-ink-700">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Email
                </th>
                <th scope="col" className="py-2 pr-3">
                  Name
                </th>
                <th scope="col" className="py-2 pr-3">
                  Created
                </th>
                <th scope="col" className="py-2 pr-3">
                  Role
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.users.map((user) => (
                <tr key={user.id} className="border-b border-ink-600/10">
                  <td className="py-2 pr-3">{user.email}</td>
                  <td className="py-2 pr-3">{user.name}</td>
                  <td className="py-2 pr-3">{formatAdminDate(user.createdAt)}</td>
                  <td className="py-2 pr-3">{user.role}</td>
                  <td className="py-2">
                    <Button
                      variant="secondary"
                      className="px-3 py-1 text-sm"
                      aria-label={`Manage ${user.email}`}
                      onClick={() => onOpenUser(user.id)}
                    >
                      Manage
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.data.users.length === 0 && <p className="mt-3 text-ink-700">No users found.</p>}
          <Pager label="Users pages" page={page} hasMore={list.data.hasMore} onPage={setPage} />
        </>
      )}
    </Panel>
  );
}
