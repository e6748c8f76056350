import { CircleAlert, CircleCheck } from 'lucide-react';
import type { GoLiveItem } from '../../../../shared/api/admin.ts';
import { Link } from '../../../lib/router/router.tsx';
import { Panel } from '../../../components/ui/panel.tsx';

const words: Record<GoLiveItem['item'], { ready: string; todo: string }> = {
  payments: {
    ready: 'Payments: card payments go through Stripe.',
    todo: 'Payments: test mode, no money is taken. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.',
  },
  mail: {
    ready: 'Mail: sent through your mail server.',
    todo: 'Mail: kept in the Outbox and the log, not sent. Set SMTP_URL.',
  },
  contactEmail: {
    ready: 'Contact address: shown to learners for refunds and questions.',
    todo: 'Contact address: none, so learners cannot write to you. Set CONTACT_EMAIL.',
  },
  helplinePhone: {
    ready: 'Helpline number: given with the companion’s safety answer.',
    todo: 'Helpline number: none, the safety answer gives only a website. Set COMPANION_HELPLINE_PHONE.',
  },
  sessions: {
    ready: 'One-to-one sessions: your hours and meeting link are saved; they are on sale.',
    todo: 'One-to-one sessions: not on sale until you save your hours and a meeting link.',
  },
};

/** The admin overview's go-live checklist: what a paying learner would trip on, and its fix. */
export function GoLiveChecklist({ items }: { items: GoLiveItem[] }) {
  const waiting = items.filter((item) => !item.isReady).length;
  return (
    <Panel
      title="Ready to sell"
      actions={
        <p className="text-sm text-ink-700">
          {waiting === 0 ? 'Everything is set up.' : `${waiting} of ${items.length} to set up`}
        </p>
      }
    >
      <ul className="mt-3 space-y-2">
        {items.map(({ item, isReady }) => (
          <li key={item} className="flex gap-2">
            {isReady ? (
              <CircleCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
            ) : (
              <CircleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-flame-700" />
            )}
            <span>
              <span className="sr-only">{isReady ? 'Done: ' : 'To do: '}</span>
              {isReady ? words[item].ready : words[item].todo}
              {item === 'sessions' && !isReady && (
                <>
                  {' '}
                  <Link to="/admin?tab=sessions" className="font-medium text-flame-700 underline">
                    Open the Sessions tab
                  </Link>
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
