import type { Product } from '../../../../shared/api/catalogue.ts';
import { planOfferText } from '../../../../shared/rules/payment-plans.ts';
import { formatEuros } from '../../../../shared/rules/pricing.ts';

/** A course's price, with its payment plan beneath when it has one ("or 3 payments of €41.67"). */
export function CoursePrice({ product, size }: { product: Product; size: 'xl' | '3xl' }) {
  return (
    <p className="flex flex-col">
      <span className={`${size === 'xl' ? 'text-xl' : 'text-3xl'} font-bold text-ink-900`}>
        {formatEuros(product.priceCents)}
      </span>
      {product.paymentPlan && (
        <span className="text-sm text-ink-700">{planOfferText(product.paymentPlan)}</span>
      )}
    </p>
  );
}
