import { Check } from 'lucide-react';
import type { CourseOutline } from '../../../../shared/api/catalogue.ts';
import { durationInHours } from '../../../../shared/rules/pricing.ts';

/** What one purchase of the course gives: the same promises the purchase page makes. */
export function WhatsIncludedInCourse({ course }: { course: CourseOutline }) {
  const items = [
    `${course.moduleCount} modules, ${course.lessonCount} lessons, about ${durationInHours(course.durationSeconds)} hours`,
    'Reflection prompts, kept in your private workbook',
    'An AI companion that helps you see your patterns',
    '12 months of access from the day you enroll',
  ];
  return (
    <section aria-labelledby="course-included-heading">
      <h2 id="course-included-heading" className="font-display text-xl font-bold text-ink-900">
        What&apos;s Included
      </h2>
      <ul className="mt-3 space-y-2">
        {items.map((item) => (
          <li key={item} className="flex gap-2 text-ink-800">
            <Check className="mt-1 h-4 w-4 shrink-0 text-green-800" aria-hidden="true" />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
