import { betaAccessType } from '../../../../shared/rules/beta.ts';
import { useCatalogue } from '../../../lib/catalogue.ts';

/** 'All courses' for an empty list, else the courses' titles. */
export function useCourseNames() {
  const catalogue = useCatalogue();
  return (courseIds: readonly string[]) =>
    betaAccessType(courseIds) === 'full'
      ? 'All courses'
      : courseIds
          .map((id) => catalogue.data?.courses.find((course) => course.id === id)?.title ?? id)
          .join(', ');
}
