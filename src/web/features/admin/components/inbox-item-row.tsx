import { useState } from 'react';
import { inboxStates, type InboxItem, type InboxState } from '../../../../shared/api/inbox.ts';
import { formatAdminDate } from '../../../../shared/rules/admin.ts';
import { formatEuros } from '../../../../shared/rules/pricing.ts';
import { PRODUCT_NAME } from '../../../../shared/brand.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { panelClass } from '../../../components/ui/panel.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { useInboxAction } from '../api/inbox.ts';

export const stateLabels: Record<InboxState, string> = {
  new: 'New',
  answered: 'Answered',
  closed: 'Closed',
};

const kindLabels: Record<InboxItem['kind'], string> = {
  assessment: 'Assessment',
  'refund-request': 'Refund request',
  'contact-message': 'Message',
};

/** One item of the Inbox: who sent what, its state, and what the creator can do with it. */
export function InboxItemRow({ item, onRead }: { item: InboxItem; onRead: () => void }) {
  const action = useInboxAction(item);
  const [isDeclining, setIsDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const title = `${kindLabels[item.kind]} from ${item.name || item.email}`;
  const { refund } = item;
  const isWaiting = refund !== null && refund.outcome === null && refund.refundedAt === null;

  return (
    <li className={`space-y-3 ${panelClass}`} aria-label={title}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p>
          <span className="font-semibold">{title}</span> ({item.email}),{' '}
          {formatAdminDate(item.createdAt)}
        </p>
        <label className="text-sm">
          <span className="mr-2 font-semibold">State</span>
          <select
            value={item.state}
            disabled={action.isPending}
            onChange={(event) =>
              action.mutate({ kind: 'state', state: event.target.value as InboxState })
            }
            className="rounded-lg border border-ink-600/40 px-2 py-1"
          >
            {inboxStates.map((state) => (
              <option key={state} value={state}>
                {stateLabels[state]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {item.kind === 'assessment' && (
        <Button variant="secondary" className="px-3 py-1 text-sm" onClick={onRead}>
          Read the answers
        </Button>
      )}
      {item.message !== null && (
        <div className="space-y-2">
          <p className="whitespace-pre-wrap">{item.message}</p>
          <a
            href={`mailto:${item.email}?subject=${encodeURIComponent(`Re: your message to ${PRODUCT_NAME}`)}`}
            className="inline-block font-semibold underline"
          >
            Reply by email
          </a>
        </div>
      )}
      {refund && (
        <div className="space-y-2">
          <p className="text-sm text-ink-700">
            Order {refund.purchaseId}: {refund.items.join(', ')},{' '}
            {formatEuros(refund.amountPaidCents)}
            {refund.purchasedAt && `, bought ${formatAdminDate(refund.purchasedAt)}`}.{' '}
            {refund.isWithinGuarantee
              ? 'Asked within the 30-day guarantee.'
              : 'Asked after the 30-day guarantee.'}
          </p>
          {refund.plan && (
            <p className="text-sm text-ink-700">
              Bought in {refund.plan.count} monthly payments, {refund.plan.paidCount} made.
              {isWaiting &&
                ' A refund gives back every payment made on the plan; no more are taken.'}
            </p>
          )}
          <p className="whitespace-pre-wrap">{refund.reason || 'No reason given.'}</p>
          {refund.outcome === 'refunded' && <p className="font-semibold">Refunded.</p>}
          {refund.outcome === 'declined' && (
            <p>
              <span className="font-semibold">Declined:</span> {refund.declineReason}
            </p>
          )}
          {refund.outcome === null && refund.refundedAt && (
            <p className="font-semibold">This order was already refunded.</p>
          )}
          {isWaiting && !isDeclining && (
            <div className="flex flex-wrap gap-3">
              <Button
                variant="danger"
                disabled={action.isPending}
                onClick={() => action.mutate({ kind: 'refund' })}
              >
                Refund {formatEuros(refund.amountPaidCents)}
              </Button>
              <Button variant="secondary" onClick={() => setIsDeclining(true)}>
                Decline
              </Button>
            </div>
          )}
          {isWaiting && isDeclining && (
            <form
              className="space-y-2 rounded-lg border border-ink-600/30 p-3"
              onSubmit={(event) => {
                event.preventDefault();
                action.mutate({ kind: 'decline', reason });
              }}
            >
              <TextAreaField
                label="Reason, sent to the learner"
                value={reason}
                maxLength={2000}
                required
                onChange={(event) => setReason(event.target.value)}
              />
              <div className="flex flex-wrap gap-3">
                <Button type="submit" disabled={action.isPending}>
                  Send and decline
                </Button>
                <Button variant="ghost" onClick={() => setIsDeclining(false)}>
                  Keep the request
                </Button>
              </div>
            </form>
          )}
        </div>
      )}
      {action.isError && (
        <ErrorAlert error={action.error} fallback="Could not change this item. Please try again." />
      )}
    </li>
  );
}
