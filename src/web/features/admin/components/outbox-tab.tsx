import { useState } from 'react';
import type { OutboxMail, OutboxPage } from '../../../../shared/api/mail.ts';
import { formatAdminDate } from '../../../../shared/rules/admin.ts';
import { useOutbox } from '../api/list-outbox.ts';
import { Pager } from '../../../components/ui/pager.tsx';
import { Panel } from '../../../components/ui/panel.tsx';

const modeNotes: Record<OutboxPage['mailMode'], string> = {
  smtp: 'Mail is sent over SMTP; the outbox holds only what was kept before SMTP was set.',
  outbox:
    'No SMTP server is set (MAIL_MODE=outbox): nothing is sent, so learners get no mail. Each mail is kept here for 7 days, a reset or confirmation mail only while its link works.',
  console:
    'No SMTP server is set (MAIL_MODE=console): nothing is sent; each mail is kept here and printed to the log.',
};

/** The mail the app kept instead of sending, newest first, each readable in full. */
export function OutboxTab() {
  const [page, setPage] = useState(1);
  const outbox = useOutbox(page);
  return (
    <Panel title={`Outbox${outbox.data ? ` (${outbox.data.total})` : ''}`}>
      {outbox.data && (
        <p className="mt-2 text-sm text-ink-700">{modeNotes[outbox.data.mailMode]}</p>
      )}
      {outbox.isError && <p role="alert">The outbox could not be loaded.</p>}
      {outbox.data && (
        <>
          <ul className="mt-3 divide-y divide-ink-600/10">
            {outbox.data.mails.map((mail) => (
              <KeptMail key={mail.id} mail={mail} />
            ))}
          </ul>
          {outbox.data.mails.length === 0 && <p className="mt-3 text-ink-700">No mail kept.</p>}
          <Pager
            label="Outbox pages"
            page={page}
            hasMore={page * outbox.data.pageSize < outbox.data.total}
            onPage={setPage}
          />
        </>
      )}
    </Panel>
  );
}

function KeptMail({ mail }: { mail: OutboxMail }) {
  return (
    <li className="py-2">
      <details>
        <summary className="cursor-pointer">
          <span className="font-semibold">{mail.subject}</span> to {mail.to},{' '}
          {formatAdminDate(mail.createdAt)}
        </summary>
        <pre className="mt-2 overflow-x-auto font-sans text-sm break-words whitespace-pre-wrap text-ink-800">
          {mail.text}
        </pre>
      </details>
    </li>
  );
}
