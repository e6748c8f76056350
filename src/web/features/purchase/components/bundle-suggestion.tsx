import type { Product } from '../../../../shared/api/catalogue.ts';
import { formatEuros } from '../../../../shared/rules/pricing.ts';
import { Button } from '../../../components/ui/button.tsx';
import type { CourseOption } from '../purchase-selection.ts';

interface BundleSuggestionProps {
  bundle: Product;
  /** What the bundle costs this buyer. */
  bundleCents: number;
  totalCents: number;
  /** The bundle's courses the ticked ones leave out. */
  addedCourses: CourseOption[];
  onChooseBundle: () => void;
}

/** The ticked courses cost at least the bundle: say so beside the total, and offer the bundle. */
export function BundleSuggestion({
  bundle,
  bundleCents,
  totalCents,
  addedCourses,
  onChooseBundle,
}: BundleSuggestionProps) {
  const added = addedCourses.map((course) => course.product.name).join(' and ');
  const comparison =
    totalCents === bundleCents
      ? `the same as ${bundle.name}`
      : `more than ${bundle.name} (${formatEuros(bundleCents)})`;
  return (
    <div className="mt-3 rounded-lg border border-flame-600/40 bg-flame-100 p-3 text-ink-900">
      <p>
        These courses cost {formatEuros(totalCents)}, {comparison}, which also includes {added}.
      </p>
      <Button type="button" variant="secondary" size="sm" className="mt-2" onClick={onChooseBundle}>
        Choose {bundle.name} instead
      </Button>
    </div>
  );
}
