import { useState } from 'react';
import type { BusinessPrice } from '../../../../shared/api/payments.ts';
import { VAT_NUMBER_MAX_LENGTH } from '../../../../shared/rules/invoices.ts';
import { formatPrice } from '../../../../shared/rules/pricing.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { EuCountrySelect } from './eu-country-select.tsx';

export interface BusinessBuyer {
  country: string;
  vatNumber: string;
}

interface BusinessBuyerFieldProps {
  value: BusinessBuyer | null;
  onChange: (business: BusinessBuyer | null) => void;
  /** What checkout will take from this business, once the server has priced it. */
  price: BusinessPrice | undefined;
  /** Paid in monthly payments: the price is each payment's. */
  isPlan: boolean;
  /** The server's reason for refusing the VAT number, shown under it. */
  error?: string | undefined;
}

/**
 * "Buying as a business?": a business's country and VAT number. In another EU country than the
 * seller's, checkout prices the order without VAT (reverse charge, docs/decisions/036).
 */
export function BusinessBuyerField({
  value,
  onChange,
  price,
  isPlan,
  error,
}: BusinessBuyerFieldProps) {
  const [isOpen, setIsOpen] = useState(value !== null);
  const business = value ?? { country: '', vatNumber: '' };

  if (!isOpen) {
    return (
      <button
        type="button"
        onClick={() => setIsOpen(true)}
        className="mt-2 block text-sm font-medium text-flame-700 underline-offset-2 hover:underline"
      >
        Buying as a business?
      </button>
    );
  }
  const change = (next: Partial<BusinessBuyer>) => {
    const merged = { ...business, ...next };
    onChange(merged.country || merged.vatNumber ? merged : null);
  };
  return (
    <div className="mt-3 space-y-2">
      <EuCountrySelect
        label="Business country"
        name="business.country"
        noneLabel="Choose a country"
        value={business.country}
        onChange={(country) => change({ country })}
      />
      <TextField
        name="business.vatNumber"
        label="Business VAT number"
        autoComplete="off"
        maxLength={VAT_NUMBER_MAX_LENGTH + 10}
        placeholder="DE123456789"
        value={business.vatNumber}
        error={error}
        onChange={(event) => change({ vatNumber: event.target.value })}
        hint={
          <p className="mt-1 text-sm text-ink-800">
            A business in another EU country than ours pays the price without VAT (reverse charge):
            checkout takes the VAT off.
          </p>
        }
      />
      <p className="text-sm font-semibold text-ink-900" aria-live="polite">
        {price && businessPriceText(price, isPlan)}
      </p>
    </div>
  );
}

/** "Without VAT (reverse charge): €104.17", as checkout will take it. */
function businessPriceText(price: BusinessPrice, isPlan: boolean): string {
  const amount = formatPrice(price.totalCents);
  if (!price.isReverseCharge) {
    return `VAT stays in the price: ${amount}${isPlan ? ' a month' : ''}.`;
  }
  return isPlan
    ? `Each monthly payment without VAT (reverse charge): ${amount}.`
    : `Without VAT (reverse charge): ${amount}.`;
}
