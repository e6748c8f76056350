import { Lock } from 'lucide-react';
import { formatEuros } from '../../../../shared/rules/pricing.ts';
import { coursePath } from '../../../lib/paths.ts';
import { Link } from '../../../lib/router/router.tsx';
import type { CourseOption } from '../purchase-selection.ts';

interface CourseOptionRowProps {
  option: CourseOption;
  isChecked: boolean;
  isLocked: boolean;
  /** Why a ticked box stays ticked ("Required for The Sovereign Flame"). */
  reason: string | null;
  /** "Requires Energy Sovereignty". */
  prerequisites: string | null;
  onToggle: () => void;
}

const tagClass = 'rounded-full px-2 py-0.5 text-xs font-semibold';

/**
 * A box that cannot be ticked (coming soon, owned) is disabled and grey; a tick that is held
 * (by the bundle or a course that needs it) keeps the flame colour, says why and shows a lock,
 * so it never reads as unselected.
 */
export function CourseOptionRow({
  option,
  isChecked,
  isLocked,
  reason,
  prerequisites,
  onToggle,
}: CourseOptionRowProps) {
  const { product, isOwned } = option;
  const inputId = `course-${product.id}`;
  const isHeld = isLocked && isChecked;
  const describedBy = [reason && `${inputId}-reason`, prerequisites && `${inputId}-needs`]
    .filter(Boolean)
    .join(' ');
  return (
    <li className="flex items-center gap-3 py-3">
      <input
        id={inputId}
        type="checkbox"
        className="h-5 w-5 shrink-0 accent-flame-600"
        checked={isChecked}
        disabled={isLocked && !isChecked}
        aria-disabled={isHeld || undefined}
        readOnly={isHeld}
        onChange={isHeld ? undefined : onToggle}
        aria-describedby={describedBy || undefined}
      />
      <span className="flex-1">
        <label htmlFor={inputId} className="font-medium text-ink-900">
          {product.name}
        </label>{' '}
        <Link to={coursePath(product.id)} className="text-sm text-flame-700 underline">
          About<span className="sr-only"> {product.name}</span>
        </Link>
        {prerequisites && (
          <span id={`${inputId}-needs`} className="block text-sm text-ink-700">
            {prerequisites}
          </span>
        )}
      </span>
      <span className="flex flex-wrap items-center justify-end gap-1">
        {reason && (
          <span
            id={`${inputId}-reason`}
            className={`${tagClass} inline-flex items-center gap-1 bg-ink-700 text-white`}
          >
            {isHeld && <Lock className="h-3 w-3" aria-hidden="true" />}
            {reason}
          </span>
        )}
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
