import { formatEuros } from '../../../../shared/rules/pricing.ts';
import type { CourseOption } from '../purchase-selection.ts';

interface CourseOptionRowProps {
  option: CourseOption;
  isChecked: boolean;
  isLocked: boolean;
  onToggle: () => void;
}

const tagClass = 'rounded-full px-2 py-0.5 text-xs font-semibold';

export function CourseOptionRow({ option, isChecked, isLocked, onToggle }: CourseOptionRowProps) {
  const { product, isOwned } = option;
  const inputId = `course-${product.id}`;
  return (
    <li className="flex items-center gap-3 py-3">
      <input
        id={inputId}
        type="checkbox"
        className="h-5 w-5 shrink-0 accent-flame-600"
        checked={isChecked}
        disabled={isLocked}
        onChange={onToggle}
      />
      <label htmlFor={inputId} className="flex-1 font-medium text-ink-900">
        {product.name}
      </label>
      <span className="flex flex-wrap justify-end gap-1">
        {product.required && <span className={`${tagClass} bg-ink-700 text-white`}>Required</span>}
        {product.comingSoon && (
          <span className={`${tagClass} bg-flame-100 text-flame-700`}>Coming Soon</span>
        )}
        {isOwned && <span className={`${tagClass} bg-green-50 text-green-800`}>Owned</span>}
      </span>
      <span className="w-16 text-right font-semibold text-ink-900">
        {formatEuros(product.priceCents)}
      </span>
    </li>
  );
}
