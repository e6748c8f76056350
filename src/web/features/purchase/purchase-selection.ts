/** The purchase form's rules (spec 1 §4 Purchase form, §5): what is ticked, and what can change. */
import type { Product } from '../../../shared/api/catalogue.ts';

export interface CourseOption {
  product: Product;
  isOwned: boolean;
  /** The courses this one builds on: ticking it ticks them, unless they are owned. */
  prerequisiteIds: readonly string[];
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

/** A course and, before it, every prerequisite still to buy (in the catalogue's order). */
function withPrerequisites(options: readonly CourseOption[], courseId: string): string[] {
  const needed = new Set<string>();
  const visit = (id: string) => {
    const option = options.find((candidate) => candidate.product.id === id);
    if (!option || !canBeBought(option) || needed.has(id)) return;
    needed.add(id);
    option.prerequisiteIds.forEach(visit);
  };
  visit(courseId);
  return options.map((option) => option.product.id).filter((id) => needed.has(id));
}

/**
 * The bundle is on, unless `?course=` names a course for sale: then that course is ticked, with
 * the prerequisites the buyer does not own yet.
 */
export function initialSelection(
  options: readonly CourseOption[],
  requestedCourseId: string | null,
): Selection {
  const requested = options.find((option) => option.product.id === requestedCourseId);
  if (requested && canBeBought(requested)) {
    return { isBundle: false, courseIds: withPrerequisites(options, requested.product.id) };
  }
  return { isBundle: true, courseIds: buyableCourseIds(options) };
}

/** A kept order, checked again against what the buyer owns now. */
export function restoreSelection(options: readonly CourseOption[], kept: Selection): Selection {
  const needed = buyableCourseIds(options)
    .filter((courseId) => kept.courseIds.includes(courseId))
    .flatMap((courseId) => withPrerequisites(options, courseId));
  if (kept.isBundle || needed.length === 0) return setBundle(options, kept.isBundle);
  const courseIds = options
    .map((option) => option.product.id)
    .filter((courseId) => needed.includes(courseId));
  return { isBundle: false, courseIds };
}

/** Unticking the bundle resets the selection to every course for sale. */
export function setBundle(options: readonly CourseOption[], isBundle: boolean): Selection {
  return { isBundle, courseIds: buyableCourseIds(options) };
}

export function isCourseChecked(option: CourseOption, selection: Selection): boolean {
  return selection.isBundle || selection.courseIds.includes(option.product.id);
}

/** The ticked courses that build on this one: while there are any, it stays in the order. */
export function requiredFor(
  options: readonly CourseOption[],
  selection: Selection,
  option: CourseOption,
): CourseOption[] {
  if (selection.isBundle) return [];
  return options.filter(
    (candidate) =>
      selection.courseIds.includes(candidate.product.id) &&
      candidate.prerequisiteIds.includes(option.product.id),
  );
}

/**
 * The bundle locks every box; coming-soon and owned courses cannot be ticked; a prerequisite of
 * a ticked course cannot be unticked. Any other tick can be undone.
 */
export function isCourseLocked(
  options: readonly CourseOption[],
  selection: Selection,
  option: CourseOption,
): boolean {
  if (selection.isBundle || !canBeBought(option)) return true;
  return (
    selection.courseIds.includes(option.product.id) &&
    requiredFor(options, selection, option).length > 0
  );
}

/** Ticking a course adds its prerequisites still to buy; unticking removes only that course. */
export function toggleCourse(
  options: readonly CourseOption[],
  selection: Selection,
  option: CourseOption,
): Selection {
  if (isCourseLocked(options, selection, option)) return selection;
  const id = option.product.id;
  const isTicked = selection.courseIds.includes(id);
  const added = isTicked ? [] : withPrerequisites(options, id);
  return {
    isBundle: false,
    courseIds: options
      .map((candidate) => candidate.product.id)
      .filter((courseId) =>
        courseId === id
          ? !isTicked
          : selection.courseIds.includes(courseId) || added.includes(courseId),
      ),
  };
}

/** `bundleCents`: what the bundle costs this buyer (its price less what they already paid). */
export function selectionTotalCents(
  options: readonly CourseOption[],
  selection: Selection,
  bundleCents: number,
): number {
  if (selection.isBundle) return bundleCents;
  return options
    .filter((option) => selection.courseIds.includes(option.product.id))
    .reduce((sum, option) => sum + option.product.priceCents, 0);
}

/**
 * The bundle's courses the buyer would not get, when the courses ticked one by one cost at least
 * what the bundle costs them (`bundleCents`): the bundle adds these for no more. Empty otherwise.
 */
export function coursesTheBundleAdds(
  options: readonly CourseOption[],
  selection: Selection,
  bundle: Product,
  bundleCents: number,
): CourseOption[] {
  if (selection.isBundle || selection.courseIds.length === 0) return [];
  if (selectionTotalCents(options, selection, bundleCents) < bundleCents) return [];
  return options.filter(
    (option) =>
      bundle.courseIds.includes(option.product.id) &&
      !option.isOwned &&
      !selection.courseIds.includes(option.product.id),
  );
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

/** Why a ticked box cannot be unticked, in the buyer's words; null when nothing needs saying. */
export function lockReason(
  options: readonly CourseOption[],
  selection: Selection,
  option: CourseOption,
  bundleName: string,
): string | null {
  if (selection.isBundle) {
    return option.product.comingSoon
      ? 'Included, opens when released'
      : option.isOwned
        ? null
        : `Included in ${bundleName}`;
  }
  const dependants = requiredFor(options, selection, option);
  if (dependants.length === 0 || !canBeBought(option)) return null;
  return `Required for ${dependants.map((dependant) => dependant.product.name).join(' and ')}`;
}

/** "Requires Energy Sovereignty", and whether the buyer owns it already. */
export function prerequisiteNote(options: readonly CourseOption[], option: CourseOption) {
  if (!canBeBought(option) || option.prerequisiteIds.length === 0) return null;
  const prerequisites = options.filter((candidate) =>
    option.prerequisiteIds.includes(candidate.product.id),
  );
  const names = prerequisites.map((prerequisite) => prerequisite.product.name).join(' and ');
  return prerequisites.every((prerequisite) => prerequisite.isOwned)
    ? `Requires ${names}, which you own`
    : `Requires ${names}`;
}
