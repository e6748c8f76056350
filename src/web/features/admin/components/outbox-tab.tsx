import { useRef, useState } from 'react';
import type { OutboxMail, OutboxPage } from '../../../../shared/api/mail.ts';
import { formatAdminDate } from '../../../../shared/rules/admin.ts';
import { useOutbox } from '../api/list-outbox.ts';
import { useRevealOutboxMail } from '../api/reveal-outbox-mail.ts';
import { FailedJobs } from './failed-jobs.tsx';
import { AuthenticatorCodeDialog } from '../../../components/ui/authenticator-code-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Panel } from '../../../components/ui/panel.tsx';

const modeNotes: Record<OutboxPage['mailMode'], string> = {
  smtp: 'Mail is sent over SMTP through the queue: each mail shows whether it is queued, sent or failed. A mail the mail server refuses is tried again, over about a day, and then waits under Failed jobs. Sent mail is kept here for 7 days.',
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
    <div className="space-y-6">
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
            {outbox.data.mails.length === 0 && <p className="mt-3 text-ink-700">No mail yet.</p>}
            <Pager
              label="Outbox pages"
              page={page}
              hasMore={page * outbox.data.pageSize < outbox.data.total}
              onPage={setPage}
            />
          </>
        )}
      </Panel>
      <FailedJobs />
    </div>
  );
}

const statusLabels: Record<OutboxMail['status'], string> = {
  queued: 'Queued',
  sent: 'Sent',
  kept: 'Kept (not sent)',
  failed: 'Failed',
};

function KeptMail({ mail: kept }: { mail: OutboxMail }) {
  const [revealed, setRevealed] = useState<OutboxMail | null>(null);
  const mail = revealed ?? kept;
  return (
    <li className="py-2">
      <details>
        <summary className="cursor-pointer">
          <span className="font-semibold">{mail.subject}</span> to {mail.to},{' '}
          {formatAdminDate(mail.createdAt)}: {statusLabels[mail.status]}
        </summary>
        {mail.lastError && mail.status !== 'sent' && (
          <p className="mt-2 text-sm text-ink-700">
            {mail.attempts} {mail.attempts === 1 ? 'attempt' : 'attempts'} so far; the last failed:{' '}
            {mail.lastError}
          </p>
        )}
        <pre
          id={`outbox-mail-${mail.id}`}
          tabIndex={-1}
          className="mt-2 overflow-x-auto font-sans text-sm break-words whitespace-pre-wrap text-ink-800"
        >
          {mail.text}
        </pre>
        {mail.hasHiddenLink && !revealed && <RevealLinks mail={mail} onRevealed={setRevealed} />}
        {mail.attachments.length > 0 && (
          <>
            <h3 className="mt-2 text-sm font-semibold">Attachments</h3>
            <ul className="text-sm">
              {mail.attachments.map((attachment, index) => (
                <li key={index}>
                  <a
                    className="underline"
                    href={`/api/admin/outbox/${mail.id}/attachments/${index}`}
                    download={attachment.filename}
                  >
                    {attachment.filename}
                  </a>{' '}
                  ({attachment.contentType})
                </li>
              ))}
            </ul>
          </>
        )}
      </details>
    </li>
  );
}

/**
 * A reset or confirmation link is hidden (T4-M2): revealing it asks for a fresh authenticator
 * code and is recorded in the account history of the person it was sent to.
 */
function RevealLinks({
  mail,
  onRevealed,
}: {
  mail: OutboxMail;
  onRevealed: (mail: OutboxMail) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const reveal = useRevealOutboxMail(mail.id);
  const button = useRef<HTMLButtonElement>(null);
  const revealedMail = useRef<OutboxMail | null>(null);
  return (
    <>
      <Button ref={button} variant="secondary" size="sm" onClick={() => setIsOpen(true)}>
        Reveal
      </Button>
      <AuthenticatorCodeDialog
        title="Reveal this mail's links"
        description={`The link signs in or sets a password for ${mail.to}. Revealing it is recorded in that account's history and data export, with your email.`}
        submitLabel="Reveal"
        open={isOpen}
        onOpenChange={setIsOpen}
        onSubmit={async (code) => {
          revealedMail.current = await reveal.mutateAsync(code);
          setIsOpen(false);
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (!revealedMail.current) {
            button.current?.focus();
            return;
          }
          onRevealed(revealedMail.current);
          // The whole mail now stands where the hidden one was: the reader goes on from there.
          requestAnimationFrame(() => document.getElementById(`outbox-mail-${mail.id}`)?.focus());
        }}
      />
    </>
  );
}
