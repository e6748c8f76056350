import { useState } from 'react';
import { Link } from '../../../lib/router/router.tsx';
import type { Billing } from '../../../../shared/api/account.ts';
import { accountMessages } from '../../../../shared/rules/account.ts';
import { formatEuros } from '../../../../shared/rules/pricing.ts';
import { formatEurosAndCents } from '../../../../shared/rules/invoices.ts';
import { planProgressText, planTermsText } from '../../../../shared/rules/payment-plans.ts';
import { invoicePdfPath } from '../../../../shared/api/payments.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { paths } from '../../../lib/paths.ts';
import { useBilling, useOpenBillingPortal, useRequestRefund } from '../api/billing.ts';
import { linkClass } from '../../../components/ui/account-page.tsx';
import { formatDate } from '../../../../shared/rules/dates.ts';
import { messageOf } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { Panel, panelClass } from '../../../components/ui/panel.tsx';

const planText: Record<Billing['plan'], string> = {
  paid: 'You are on the paid plan: you own courses you bought.',
  beta: 'You are on the beta plan: you have time-limited beta access.',
  complimentary: 'You have complimentary access: the courses you were given are open to you.',
  free: 'You are on the free plan.',
  admin: 'You are an admin: every course is open to you.',
};

export function BillingTab() {
  const billing = useBilling();
  const portal = useOpenBillingPortal();
  const openPortal = () =>
    portal.mutate(undefined, {
      onError: () => notify.area.error('Failed to open customer portal. Please try again.'),
    });
  if (billing.isPending) return <p className="text-ink-700">Loading your billing...</p>;
  if (billing.isError) {
    return (
      <div role="alert" className={panelClass}>
        <p>Your billing could not be loaded.</p>
        <Button className="mt-3" onClick={() => void billing.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const { plan, purchases, invoices, paymentPlans, canOpenBillingPortal, contactEmail } =
    billing.data;
  return (
    <div className="space-y-6">
      <Panel title="Billing">
        <p className="mt-2 text-ink-800">{planText[plan]}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <ButtonLink to={paths.shop}>Upgrade Plan</ButtonLink>
          {canOpenBillingPortal && (
            <>
              <Button variant="secondary" onClick={openPortal} disabled={portal.isPending}>
                Manage Payment Methods
              </Button>
              <Button variant="secondary" onClick={openPortal} disabled={portal.isPending}>
                View Billing History
              </Button>
            </>
          )}
        </div>
      </Panel>

      {paymentPlans.length > 0 && <PaymentPlans plans={paymentPlans} />}

      <Panel title="Purchases and Receipts">
        {purchases.length === 0 ? (
          <p className="mt-2 text-ink-700">
            No purchases yet.{' '}
            <Link to={paths.courses} className={linkClass}>
              Browse courses
            </Link>
          </p>
        ) : (
          <ul className="mt-2 divide-y divide-ink-600/20">
            {purchases.map((purchase) => (
              <li key={purchase.id} className="space-y-1 py-4">
                <p className="font-semibold text-ink-900">
                  {purchase.items.map((item) => item.name).join(', ')}
                </p>
                <dl className="grid gap-x-4 text-sm text-ink-800 sm:grid-cols-[10rem_1fr]">
                  <dt>Purchased</dt>
                  <dd>{formatDate(purchase.purchasedAt)}</dd>
                  <dt>Total paid</dt>
                  <dd>{formatEuros(purchase.amountPaidCents)}</dd>
                  <dt>Order reference</dt>
                  <dd className="font-mono break-all">{purchase.id}</dd>
                  {purchase.accessExpiresAt ? (
                    <>
                      <dt>Access until</dt>
                      <dd>{formatDate(purchase.accessExpiresAt)}</dd>
                    </>
                  ) : (
                    // A purchase that opens no course is a one-to-one session.
                    <>
                      <dt>Session</dt>
                      <dd>
                        Its date, time and meeting link are on{' '}
                        <Link to={paths.sessions} className={linkClass}>
                          your sessions
                        </Link>
                        .
                      </dd>
                    </>
                  )}
                  {purchase.refundedAt && (
                    <>
                      <dt>Refunded</dt>
                      <dd>{formatDate(purchase.refundedAt)}</dd>
                    </>
                  )}
                </dl>
                {purchase.isRefundable && contactEmail && (
                  <RefundRequest purchaseId={purchase.id} />
                )}
              </li>
            ))}
          </ul>
        )}
        {invoices.length > 0 && <InvoiceList invoices={invoices} />}
        {contactEmail && (
          <p className="mt-4 text-sm text-ink-700">
            Every course carries a 30-day money-back guarantee. Questions about a payment:{' '}
            <a href={`mailto:${contactEmail}`} className={linkClass}>
              {contactEmail}
            </a>
            .
          </p>
        )}
      </Panel>
    </div>
  );
}

function PaymentPlans({ plans }: { plans: Billing['paymentPlans'] }) {
  return (
    <Panel title="Payment Plans">
      <ul className="mt-2 divide-y divide-ink-600/20">
        {plans.map((paymentPlan) => (
          <li key={paymentPlan.checkoutId} className="space-y-1 py-3">
            <p className="font-semibold text-ink-900">{planTermsText(paymentPlan)}</p>
            <p className="text-ink-800">{planProgressText(paymentPlan)}</p>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function InvoiceList({ invoices }: { invoices: Billing['invoices'] }) {
  return (
    <section aria-labelledby="invoices-heading" className="mt-6">
      <h3 id="invoices-heading" className="font-semibold text-ink-900">
        Invoices and credit notes
      </h3>
      <ul className="mt-2 divide-y divide-ink-600/20 text-sm text-ink-800">
        {invoices.map((invoice) => {
          const label = `${invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice'} ${invoice.number}`;
          return (
            <li key={invoice.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
              <span className="font-mono">{label}</span>
              <span>{formatDate(invoice.issuedAt)}</span>
              <span>{formatEurosAndCents(invoice.grossCents)}</span>
              {invoice.isReverseCharge && <span>Reverse charge, no VAT</span>}
              <a
                href={invoicePdfPath(invoice.id)}
                download
                className={linkClass}
                aria-label={`Download ${label} (PDF)`}
              >
                Download PDF
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function RefundRequest({ purchaseId }: { purchaseId: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState('');
  const request = useRequestRefund();
  if (request.isSuccess) return <p role="status">{accountMessages.refundRequested}</p>;
  if (!isOpen) {
    return (
      <Button variant="ghost" className="px-0" onClick={() => setIsOpen(true)}>
        Request a refund
      </Button>
    );
  }
  return (
    <form
      className="mt-2 space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        request.mutate(
          { purchaseId, reason },
          {
            onError: (error) =>
              notify.area.error(
                messageOf(error, 'Failed to send the refund request. Please try again.'),
              ),
          },
        );
      }}
    >
      <TextAreaField
        label="Why are you asking for a refund? (optional)"
        maxLength={2000}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="flex gap-3">
        <Button type="submit" disabled={request.isPending}>
          Send Refund Request
        </Button>
        <Button variant="secondary" onClick={() => setIsOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
