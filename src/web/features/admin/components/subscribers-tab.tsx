import { useState } from 'react';
import { formatAdminDate } from '../../../../shared/rules/admin.ts';
import { useCsvDownload } from '../api/download-csv.ts';
import { useSubscriberList } from '../api/list-subscribers.ts';
import { messageOf } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Panel } from '../../../components/ui/panel.tsx';

/** Newsletter subscribers, newest first, and every one of them as CSV. */
export function SubscribersTab() {
  const [page, setPage] = useState(1);
  const list = useSubscriberList(page);
  const downloadCsv = useCsvDownload();
  const exportCsv = () =>
    downloadCsv('/api/admin/newsletter.csv', 'newsletter-subscribers.csv').catch((error: unknown) =>
      notify.area.error(messageOf(error, 'The CSV could not be downloaded. Please try again.')),
    );
  return (
    <Panel
      title={`Newsletter subscribers${list.data ? ` (${list.data.total})` : ''}`}
      actions={
        <Button variant="secondary" onClick={() => void exportCsv()}>
          Export CSV
        </Button>
      }
    >
      <p className="mt-2 text-sm text-ink-700">
        Every newsletter mail carries a link with which the subscriber leaves the list.
      </p>
      {list.isError && <p role="alert">The subscribers could not be loaded.</p>}
      {list.data && (
        <>
          <ul className="mt-3 divide-y divide-ink-600/10">
            {list.data.subscribers.map((subscriber) => (
              <li key={subscriber.email} className="py-2">
                {subscriber.email}, since {formatAdminDate(subscriber.createdAt)}
              </li>
            ))}
          </ul>
          {list.data.subscribers.length === 0 && (
            <p className="mt-3 text-ink-700">No subscribers yet.</p>
          )}
          <Pager
            label="Subscriber pages"
            page={page}
            hasMore={page * list.data.pageSize < list.data.total}
            onPage={setPage}
          />
        </>
      )}
    </Panel>
  );
}
