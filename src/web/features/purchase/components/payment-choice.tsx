import type { CatalogueResponse, Product } from '../../../../shared/api/catalogue.ts';
import type { BundleOfferResponse } from '../../../../shared/api/payments.ts';
import { formatEurosAndCents } from '../../../../shared/rules/invoices.ts';
import {
  instalmentCents,
  planTotalCents,
  type PaymentPlanTerms,
} from '../../../../shared/rules/payment-plans.ts';
import { formatEuros } from '../../../../shared/rules/pricing.ts';

/**
 * The plan an order can be paid in: one course or the bundle with a plan set (a bundle with a
 * credit is paid in full, as the server rules).
 */
export function planOfOrder(
  productIds: readonly string[],
  catalogue: CatalogueResponse,
  offer: BundleOfferResponse | undefined,
): PaymentPlanTerms | null {
  const [productId] = productIds;
  if (productIds.length !== 1) return null;
  const isBundle = productId === catalogue.bundle.id;
  if (isBundle && (offer?.creditCents ?? 0) > 0) return null;
  const product: Product | undefined = isBundle
    ? catalogue.bundle
    : catalogue.courses.find((course) => course.id === productId)?.product;
  return product?.paymentPlan ?? null;
}

interface PaymentChoiceProps {
  plan: PaymentPlanTerms;
  totalCents: number;
  isPlanChosen: boolean;
  onChange: (isPlanChosen: boolean) => void;
}

/** Pay at once or in monthly payments: the two ways, each with what it costs. */
export function PaymentChoice({ plan, totalCents, isPlanChosen, onChange }: PaymentChoiceProps) {
  const choices = [
    { isPlan: false, label: `Pay in full: ${formatEuros(totalCents)}` },
    {
      isPlan: true,
      label: `${plan.count} monthly payments of ${formatEurosAndCents(instalmentCents(plan))}`,
      hint: `${formatEurosAndCents(planTotalCents(plan))} in all. Your access opens with the first payment; the others are taken on the same day of each following month.`,
    },
  ];
  return (
    <fieldset className="mt-4 space-y-2 border-t border-ink-600/30 pt-3">
      <legend className="font-semibold text-ink-900">How would you like to pay?</legend>
      {choices.map((choice) => (
        <label key={String(choice.isPlan)} className="flex items-start gap-2 text-ink-800">
          <input
            type="radio"
            name="payment-choice"
            className="mt-1 h-4 w-4 shrink-0 accent-flame-600"
            checked={isPlanChosen === choice.isPlan}
            onChange={() => onChange(choice.isPlan)}
          />
          <span>
            {choice.label}
            {choice.hint && <span className="block text-sm text-ink-700">{choice.hint}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
