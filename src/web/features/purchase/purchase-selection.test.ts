import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../shared/api/catalogue.ts';
import {
  coursesTheBundleAdds,
  hasFullAccess,
  initialSelection,
  isCourseChecked,
  isCourseLocked,
  requiredFor,
  restoreSelection,
  selectionTotalCents,
  setBundle,
  toggleCourse,
  type CourseOption,
  type Selection,
} from './purchase-selection.ts';

const product = (id: string, change: Partial<Product> = {}): Product => ({
  id,
  name: id,
  description: id,
  priceCents: 12500,
  courseIds: [id],
  isBundle: false,
  required: false,
  comingSoon: false,
  ...change,
});
const bundle = product('complete-bundle', {
  priceCents: 25000,
  isBundle: true,
  courseIds: ['energy-sovereignty', 'sovereign-flame', 'extra', 'dragons-clarity'],
});
const prerequisites: Record<string, string[]> = {
  'sovereign-flame': ['energy-sovereignty'],
  'dragons-clarity': ['sovereign-flame'],
};
const options = (owned: string[] = []): CourseOption[] =>
  [
    product('energy-sovereignty', { required: true }),
    product('sovereign-flame', { required: true }),
    product('extra'),
    product('dragons-clarity', { comingSoon: true }),
  ].map((item) => ({
    product: item,
    isOwned: owned.includes(item.id),
    prerequisiteIds: prerequisites[item.id] ?? [],
  }));
const option = (id: string, owned: string[] = []) =>
  options(owned).find((candidate) => candidate.product.id === id)!;

describe('the purchase selection', () => {
  it('names what the bundle adds when the courses ticked cost as much as the bundle', () => {
    const flameAlone = initialSelection(options(), 'sovereign-flame');
    expect(selectionTotalCents(options(), flameAlone, bundle.priceCents)).toBe(bundle.priceCents);
    expect(
      coursesTheBundleAdds(options(), flameAlone, bundle, bundle.priceCents).map(
        (item) => item.product.id,
      ),
    ).toEqual(['extra', 'dragons-clarity']);
    const esAlone = initialSelection(options(), 'energy-sovereignty');
    expect(coursesTheBundleAdds(options(), esAlone, bundle, bundle.priceCents)).toEqual([]);
    // An owner of Energy Sovereignty pays less for the bundle, and as much for The Sovereign Flame.
    const owner = options(['energy-sovereignty']);
    const ownerFlame = initialSelection(owner, 'sovereign-flame');
    expect(coursesTheBundleAdds(owner, ownerFlame, bundle, 12500)).toHaveLength(2);
    expect(coursesTheBundleAdds(options(), setBundle(options(), true), bundle, 25000)).toEqual([]);
  });

  it('starts with the bundle on and every box locked', () => {
    const selection = initialSelection(options(), null);
    expect(selection.isBundle).toBe(true);
    expect(selectionTotalCents(options(), selection, bundle.priceCents)).toBe(25000);
    expect(options().every((item) => isCourseLocked(options(), selection, item))).toBe(true);
    expect(options().every((item) => isCourseChecked(item, selection))).toBe(true);
  });

  it('preselects the course named in ?course= with the prerequisites it needs, the bundle off', () => {
    expect(initialSelection(options(), 'sovereign-flame')).toEqual({
      isBundle: false,
      courseIds: ['energy-sovereignty', 'sovereign-flame'],
    });
    expect(initialSelection(options(['energy-sovereignty']), 'sovereign-flame')).toEqual({
      isBundle: false,
      courseIds: ['sovereign-flame'],
    });
  });

  it('ignores ?course= for a coming-soon, owned or unknown course', () => {
    for (const [courseId, owned] of [
      ['dragons-clarity', []],
      ['sovereign-flame', ['sovereign-flame']],
      ['nowhere', []],
    ] as const) {
      expect(initialSelection(options([...owned]), courseId).isBundle).toBe(true);
    }
  });

  it('resets to every course for sale when the bundle is unticked', () => {
    expect(setBundle(options(['extra']), false)).toEqual({
      isBundle: false,
      courseIds: ['energy-sovereignty', 'sovereign-flame'],
    });
  });

  it('never unticks the prerequisite of a ticked course, nor ticks a coming-soon or owned one', () => {
    const selection = setBundle(options(['extra']), false);
    for (const id of ['energy-sovereignty', 'dragons-clarity', 'extra']) {
      expect(toggleCourse(options(['extra']), selection, option(id, ['extra']))).toBe(selection);
    }
    expect(requiredFor(options(), selection, option('energy-sovereignty'))).toEqual([
      option('sovereign-flame'),
    ]);
  });

  it('lets any other tick be undone, and frees a prerequisite once its course is unticked', () => {
    const only = initialSelection(options(), 'energy-sovereignty');
    const both = toggleCourse(options(), only, option('sovereign-flame'));
    expect(both.courseIds).toEqual(['energy-sovereignty', 'sovereign-flame']);
    const back = toggleCourse(options(), both, option('sovereign-flame'));
    expect(back.courseIds).toEqual(['energy-sovereignty']);
    expect(isCourseLocked(options(), back, option('energy-sovereignty'))).toBe(false);
    expect(toggleCourse(options(), back, option('energy-sovereignty')).courseIds).toEqual([]);
  });

  it('adds the prerequisite still to buy when a course is ticked', () => {
    const none: Selection = { isBundle: false, courseIds: [] };
    expect(toggleCourse(options(), none, option('sovereign-flame')).courseIds).toEqual([
      'energy-sovereignty',
      'sovereign-flame',
    ]);
  });

  it('restores a kept order without what the buyer now owns', () => {
    const kept: Selection = { isBundle: false, courseIds: ['sovereign-flame', 'extra'] };
    expect(restoreSelection(options(['extra', 'energy-sovereignty']), kept)).toEqual({
      isBundle: false,
      courseIds: ['sovereign-flame'],
    });
  });

  it('shows full access once every course for sale is owned', () => {
    expect(hasFullAccess(options(['energy-sovereignty', 'sovereign-flame']))).toBe(false);
    expect(hasFullAccess(options(['energy-sovereignty', 'sovereign-flame', 'extra']))).toBe(true);
  });

  it('never selects a course that cannot be bought, whatever is clicked', () => {
    const ids = options().map((item) => item.product.id);
    fc.assert(
      fc.property(
        fc.subarray(ids),
        fc.array(fc.oneof(fc.constant('bundle'), fc.constantFrom(...ids)), { maxLength: 12 }),
        (owned, clicks) => {
          const choices = options(owned);
          let selection = initialSelection(choices, null);
          for (const click of clicks) {
            selection =
              click === 'bundle'
                ? setBundle(choices, !selection.isBundle)
                : toggleCourse(
                    choices,
                    selection,
                    choices.find((c) => c.product.id === click)!,
                  );
          }
          const picked = choices.filter((c) => selection.courseIds.includes(c.product.id));
          expect(picked.every((c) => !c.product.comingSoon && !c.isOwned)).toBe(true);
          const isCovered = (id: string) => selection.courseIds.includes(id) || owned.includes(id);
          expect(picked.every((c) => c.prerequisiteIds.every(isCovered))).toBe(true);
        },
      ),
    );
  });
});
