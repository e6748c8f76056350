import { useRef, useState } from 'react';
import { formatPrice } from '../../../../shared/rules/pricing.ts';
import { Link, useNavigate, useParams } from '../../../lib/router/router.tsx';
import { VAT_NUMBER_MAX_LENGTH } from '../../../../shared/rules/invoices.ts';
import { planScheduleText } from '../../../../shared/rules/payment-plans.ts';
import type { TestCard } from '../../../../shared/api/payments.ts';
import { checkoutMessages } from '../../../../shared/rules/purchase.ts';
import { formatEuros } from '../../../../shared/rules/pricing.ts';
import { formatEurosAndCents } from '../../../../shared/rules/invoices.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { Logo } from '../../../components/ui/logo.tsx';
import { paths } from '../../../lib/paths.ts';
import { useFinishTestCheckout, useTestCheckout } from '../api/test-checkout.ts';
import { EuCountrySelect } from '../components/eu-country-select.tsx';
import { TestModeBanner } from '../components/test-mode-banner.tsx';

const testCardChoices: { card: TestCard; label: string }[] = [
  { card: 'pays', label: 'A card that pays (4242 4242 4242 4242)' },
  {
    card: 'declines-later',
    label: 'A card whose later payments are declined (4000 0000 0000 0341)',
  },
];

/** Payment test mode's stand-in for Stripe's checkout page. */
export function TestCheckoutRoute() {
  const { checkoutId = '' } = useParams();
  const navigate = useNavigate();
  const checkout = useTestCheckout(checkoutId);
  const finish = useFinishTestCheckout(checkoutId);

  const [billingCountry, setBillingCountry] = useState('');
  const [testCard, setTestCard] = useState<TestCard>('pays');
  const [isBusiness, setIsBusiness] = useState(false);
  const [vatNumber, setVatNumber] = useState('');
  const details = useRef<HTMLDivElement>(null);
  const fieldErrors = finish.error instanceof ApiError ? (finish.error.fields ?? {}) : {};
  const choose = async (action: 'pay' | 'cancel') => {
    try {
      const { redirectUrl } = await finish.mutateAsync({
        action,
        billingCountry,
        testCard: checkout.data?.plan ? testCard : undefined,
        ...(isBusiness && vatNumber && { vatNumber }),
      });
      navigate(redirectUrl);
    } catch (failure) {
      // The field the server refused takes focus, so a screen reader reads why.
      const [field] = failure instanceof ApiError ? Object.keys(failure.fields ?? {}) : [];
      const refused = field && details.current?.querySelector<HTMLElement>(`[name="${field}"]`);
      if (refused) refused.focus();
    }
  };

  return (
    <div className="min-h-screen">
      <TestModeBanner />
      <header className="border-b border-ink-600/20 bg-white px-6 py-4">
        <Logo />
      </header>
      <main className="mx-auto max-w-lg px-6 py-10">
        <h1 className="font-display text-3xl font-bold text-ink-900">Test Checkout</h1>
        {checkout.isPending && <p className="mt-4">Loading...</p>}
        {checkout.isError && (
          <ErrorAlert
            error={checkout.error}
            fallback="Could not load this checkout. Please try again."
          />
        )}
        {checkout.data && (
          <section aria-labelledby="order-heading" className="mt-6 rounded-xl bg-white p-5 shadow">
            <h2 id="order-heading" className="font-semibold text-ink-900">
              Your order
            </h2>
            <ul className="mt-2 divide-y divide-ink-600/20">
              {checkout.data.items.map((item) => (
                <li key={item.id} className="flex justify-between py-2">
                  <span>{item.name}</span>
                  <span>{formatPrice(item.priceCents)}</span>
                </li>
              ))}
              {checkout.data.credit && (
                <li className="flex justify-between py-2 text-green-800">
                  <span>{checkout.data.credit.label}</span>
                  <span>-{formatEuros(checkout.data.credit.cents)}</span>
                </li>
              )}
              {checkout.data.discount && (
                <li className="flex justify-between py-2 text-green-800">
                  <span>{checkout.data.discount.label}</span>
                  <span>-{formatPrice(checkout.data.discount.cents)}</span>
                </li>
              )}
              {checkout.data.reverseCharge && (
                <li className="flex justify-between py-2 text-green-800">
                  <span>VAT removed: reverse charge ({checkout.data.reverseCharge.vatNumber})</span>
                  <span>-{formatEurosAndCents(checkout.data.reverseCharge.cents)}</span>
                </li>
              )}
            </ul>
            <p className="flex justify-between border-t border-ink-600/30 pt-3 text-lg font-bold">
              <span>{checkout.data.plan ? 'Total today' : 'Total'}</span>
              <span>
                {checkout.data.reverseCharge
                  ? formatEurosAndCents(checkout.data.totalCents)
                  : formatPrice(checkout.data.totalCents)}
              </span>
            </p>
            {checkout.data.plan && (
              <p className="mt-2 text-sm text-ink-800">{planScheduleText(checkout.data.plan)}</p>
            )}
            {checkout.data.status === 'open' && (
              // As on Stripe's page: the billing country decides the VAT inside the price.
              <div className="mt-4 space-y-3" ref={details}>
                <EuCountrySelect
                  label="Billing country"
                  name="billingCountry"
                  noneLabel="Outside the EU"
                  value={billingCountry}
                  onChange={setBillingCountry}
                  isInvalid={Boolean(fieldErrors.billingCountry)}
                />
                {!checkout.data.reverseCharge && (
                  <>
                    <CheckboxField
                      label="I am buying as a business"
                      checked={isBusiness}
                      onChange={(event) => setIsBusiness(event.target.checked)}
                    />
                    {isBusiness && (
                      <TextField
                        name="vatNumber"
                        label="VAT number"
                        autoComplete="off"
                        maxLength={VAT_NUMBER_MAX_LENGTH + 10}
                        placeholder="DE123456789"
                        value={vatNumber}
                        error={fieldErrors.vatNumber}
                        onChange={(event) => setVatNumber(event.target.value)}
                        hint={
                          <p className="mt-1 text-sm text-ink-800">
                            A business in another EU country than ours pays the price without VAT
                            (reverse charge): choose its billing country above.
                          </p>
                        }
                      />
                    )}
                  </>
                )}
              </div>
            )}
            {checkout.data.status === 'open' && checkout.data.plan && (
              // Stripe's test cards: one pays each month, one is declined after the first payment.
              <fieldset className="mt-4">
                <legend className="mb-1 text-sm font-medium text-ink-800">Test card</legend>
                {testCardChoices.map(({ card, label }) => (
                  <label key={card} className="flex items-center gap-2 py-1">
                    <input
                      type="radio"
                      name="test-card"
                      value={card}
                      checked={testCard === card}
                      onChange={() => setTestCard(card)}
                    />
                    {label}
                  </label>
                ))}
              </fieldset>
            )}
            {checkout.data.status === 'open' ? (
              <div className="mt-6 flex gap-3">
                <Button
                  className="flex-1"
                  disabled={finish.isPending}
                  onClick={() => choose('pay')}
                >
                  Pay now
                </Button>
                <Button
                  variant="secondary"
                  className="flex-1"
                  disabled={finish.isPending}
                  onClick={() => choose('cancel')}
                >
                  Cancel
                </Button>
              </div>
            ) : (
              <p className="mt-6 text-ink-800">
                {checkout.data.status === 'complete'
                  ? 'This checkout is already paid. '
                  : `${checkoutMessages.canceled} `}
                <Link to={paths.dashboard} className="font-medium text-flame-700 underline">
                  Go to Dashboard
                </Link>
              </p>
            )}
            {finish.isError && (
              <ErrorAlert
                error={finish.error}
                fallback="Could not finish the test checkout. Please try again."
              />
            )}
          </section>
        )}
      </main>
    </div>
  );
}
