import { Link } from '../../lib/router/router.tsx';
import { PRODUCT_NAME } from '../../../shared/brand.ts';

export function FlameMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <path
        fill="currentColor"
        d="M16 2c2 5 8 8 8 16a8 8 0 0 1-16 0c0-4 2-7 4-9 0 3 1 5 3 6-1-5 0-9 1-13z"
      />
    </svg>
  );
}

/** The product's mark and name, linking home. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <Link to="/" className={`inline-flex items-center gap-2 text-flame-600 ${className}`}>
      <FlameMark />
      <span className="font-display text-xl font-bold text-ink-900">{PRODUCT_NAME}</span>
    </Link>
  );
}
