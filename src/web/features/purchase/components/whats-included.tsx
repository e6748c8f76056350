import { Check } from 'lucide-react';
import type { CourseSummary } from '../../../../shared/api/catalogue.ts';
import { durationInHours } from '../../../../shared/rules/pricing.ts';

export function WhatsIncluded({ courses }: { courses: CourseSummary[] }) {
  const items = [
    ...courses.map(
      (course) =>
        `${course.title}: ${course.moduleCount} modules, ${course.lessonCount} lessons, about ${durationInHours(course.durationSeconds)} hours${course.product.comingSoon ? ' (coming soon)' : ''}`,
    ),
    'Reflection prompts in every lesson, kept in your private workbook',
    'An AI companion that helps you see your patterns',
    '12 months of access from the day you enroll',
  ];
  return (
    <section aria-labelledby="included-heading" className="rounded-xl bg-white p-5 shadow">
      <h2 id="included-heading" className="font-display text-xl font-bold text-ink-900">
        What&apos;s Included
      </h2>
      <ul className="mt-3 space-y-2">
        {items.map((item) => (
          <li key={item} className="flex gap-2 text-sm text-ink-800">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-800" aria-hidden="true" />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
