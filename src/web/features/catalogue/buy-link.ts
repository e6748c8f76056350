import { paths } from '../../lib/paths.ts';

/** Buy links preselect their course on the purchase page. */
export function buyCoursePath(courseId: string): string {
  return `${paths.buyNow}?course=${encodeURIComponent(courseId)}`;
}
