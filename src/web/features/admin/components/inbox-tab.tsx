import { useState } from 'react';
import { inboxStates, type InboxState } from '../../../../shared/api/inbox.ts';
import { useInbox } from '../api/inbox.ts';
import { AssessmentView } from './assessment-view.tsx';
import { InboxItemRow, stateLabels } from './inbox-item-row.tsx';

type Shown = InboxState | 'all';

/** The creator's Inbox: assessments, refund requests and contact messages, newest first, by state. */
export function InboxTab() {
  const [shown, setShown] = useState<Shown>('new');
  const [openId, setOpenId] = useState<string | null>(null);
  const inbox = useInbox(shown);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-display text-2xl font-bold">Inbox</h2>
        {inbox.data && <p role="status">{inbox.data.newCount} new</p>}
      </div>
      <label className="block">
        <span className="mr-2 font-semibold">Show</span>
        <select
          value={shown}
          onChange={(event) => setShown(event.target.value as Shown)}
          className="rounded-lg border border-ink-600/40 px-2 py-1"
        >
          {inboxStates.map((state) => (
            <option key={state} value={state}>
              {stateLabels[state]}
            </option>
          ))}
          <option value="all">All</option>
        </select>
      </label>
      {inbox.isPending && <p>Loading the inbox...</p>}
      {inbox.isError && <p role="alert">The inbox could not be loaded.</p>}
      {inbox.data &&
        (inbox.data.items.length === 0 ? (
          <p className="text-ink-700">Nothing here.</p>
        ) : (
          <ul className="space-y-3" aria-label="Inbox items">
            {inbox.data.items.map((item) => (
              <InboxItemRow
                key={`${item.kind}-${item.id}`}
                item={item}
                onRead={() => setOpenId(item.id)}
              />
            ))}
          </ul>
        ))}
      {openId && <AssessmentView id={openId} />}
    </div>
  );
}
