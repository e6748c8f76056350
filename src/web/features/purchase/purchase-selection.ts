/** The purchase form's rules (spec 1 §4 Purchase form, §5): what is ticked, and what can change. */
import type { Product } from '../../../shared/api/catalogue.ts';

export interface CourseOption {
  product: Product;
  isOwned: boolean;
}

export interface Selection {
  isBundle: boolean;
  /** The courses ticked when bought one by one. */
  courseIds: string[];
}

function canBeBought(option: CourseOption): boolean {
  return !option.product.comingSoon && !option.isOwned;
}

/** Every course for sale that the buyer does not own yet. */
function buyableCourseIds(options: readonly CourseOption[]): string[] {
  return options.filter(canBeBought).map((option) => option.product.id);
}

/** The bundle is on, unless `?course=` names a course for sale: then only that one is ticked. */
export function initialSelection(
  options: readonly CourseOption[],
  requestedCourseId: string | null,
): Selection {
  const requested = options.find((option) => option.product.id === requestedCourseId);
  if (requested && canBeBought(requested)) {
    return { isBundle: false, courseIds: [requested.product.id] };
  }
  return { isBundle: true, courseIds: buyableCourseIds(options) };
}

/** A kept order, checked again against what the buyer owns now. */
export function restoreSelection(options: readonly CourseOption[], kept: Selection): Selection {
  const buyable = buyableCourseIds(options);
  const courseIds = buyable.filter((courseId) => kept.courseIds.includes(courseId));
  if (kept.isBundle || courseIds.length === 0) return setBundle(options, kept.isBundle);
  return { isBundle: false, courseIds };
}

/** Unticking the bundle resets the selection to every course for sale. */
export function setBundle(options: readonly CourseOption[], isBundle: boolean): Selection {
  return { isBundle, courseIds: buyableCourseIds(options) };
}

export function isCourseChecked(option: CourseOption, selection: Selection): boolean {
  return selection.isBundle || selection.courseIds.includes(option.product.id);
}

/** The bundle locks every box; coming-soon and owned courses cannot be ticked; required ones cannot be unticked. */
export function isCourseLocked(option: CourseOption, selection: Selection): boolean {
  if (selection.isBundle || !canBeBought(option)) return true;
  return option.product.required && selection.courseIds.includes(option.product.id);
}

export function toggleCourse(
  options: readonly CourseOption[],
  selection: Selection,
  option: CourseOption,
): Selection {
  if (isCourseLocked(option, selection)) return selection;
  const id = option.product.id;
  const isTicked = selection.courseIds.includes(id);
  return {
    isBundle: false,
    courseIds: options
      .map((candidate) => candidate.product.id)
      .filter((courseId) => (courseId === id ? !isTicked : selection.courseIds.includes(courseId))),
  };
}

export function selectionTotalCents(
  options: readonly CourseOption[],
  selection: Selection,
  bundle: Product,
): number {
  if (selection.isBundle) return bundle.priceCents;
  return options
    .filter((option) => selection.courseIds.includes(option.product.id))
    .reduce((sum, option) => sum + option.product.priceCents, 0);
}

/** The product ids the checkout asks for. */
export function selectionProductIds(selection: Selection, bundle: Product): string[] {
  return selection.isBundle ? [bundle.id] : selection.courseIds;
}

/** Owning every course for sale leaves nothing to buy: the page shows full access instead. */
export function hasFullAccess(options: readonly CourseOption[]): boolean {
  const forSale = options.filter((option) => !option.product.comingSoon);
  return forSale.length > 0 && forSale.every((option) => option.isOwned);
}
