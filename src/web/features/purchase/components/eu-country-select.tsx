import { useId } from 'react';
import { euCountries, euCountryNames } from '../../../../shared/rules/invoices.ts';

interface EuCountrySelectProps {
  label: string;
  /** The field's name, which the server's refusal names. */
  name: string;
  value: string;
  onChange: (country: string) => void;
  /** The first option, for no country chosen. */
  noneLabel: string;
  isInvalid?: boolean;
}

/** A choice of the EU's member states by their English names: where a buyer pays VAT. */
export function EuCountrySelect({
  label,
  name,
  value,
  onChange,
  noneLabel,
  isInvalid = false,
}: EuCountrySelectProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        aria-invalid={isInvalid || undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="w-full rounded-lg border border-ink-600/40 bg-white px-3 py-2.5"
      >
        <option value="">{noneLabel}</option>
        {euCountries.map((country) => (
          <option key={country} value={country}>
            {euCountryNames[country]}
          </option>
        ))}
      </select>
    </div>
  );
}
