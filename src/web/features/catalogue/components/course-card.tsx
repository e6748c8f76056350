import type { CourseSummary } from '../../../../shared/api/catalogue.ts';
import { buyCoursePath, coursePath } from '../../../lib/paths.ts';
import { Link } from '../../../lib/router/router.tsx';
import { ComingSoonTag } from './coming-soon-tag.tsx';
import { CourseFacts } from './course-facts.tsx';
import { CoursePrice } from './course-price.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';

const levelLabels: Record<CourseSummary['level'], string> = {
  foundational: 'Foundational',
  core: 'Core',
  advanced: 'Advanced',
};

export function CourseCard({
  course,
  titleOf,
}: {
  course: CourseSummary;
  titleOf: (courseId: string) => string;
}) {
  return (
    <article className="flex h-full flex-col rounded-2xl bg-white p-6 shadow">
      <p className="text-xs font-semibold tracking-wide text-flame-700 uppercase">
        {levelLabels[course.level]}
      </p>
      <h3 className="mt-1 font-display text-xl font-bold text-ink-900">
        <Link to={coursePath(course.id)} className="underline-offset-4 hover:underline">
          {course.title}
        </Link>
      </h3>
      <p className="mt-2 flex-1 text-ink-800">{course.description}</p>
      {course.prerequisites.length > 0 && (
        <p className="mt-2 text-sm text-ink-700">
          Requires {course.prerequisites.map(titleOf).join(' and ')}
        </p>
      )}
      <div className="mt-3">
        <CourseFacts course={course} />
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <CoursePrice product={course.product} size="xl" />
        {course.product.comingSoon && <ComingSoonTag />}
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <ButtonLink
          to={coursePath(course.id)}
          variant="secondary"
          aria-label={`About the course: ${course.title}`}
        >
          About the course
        </ButtonLink>
        {course.product.comingSoon ? (
          <ButtonLink
            to={`${coursePath(course.id)}#tell-me`}
            aria-label={`Tell me when it opens: ${course.title}`}
          >
            Tell me when it opens
          </ButtonLink>
        ) : (
          <ButtonLink to={buyCoursePath(course.id)} aria-label={`Buy Now: ${course.title}`}>
            Buy Now
          </ButtonLink>
        )}
      </div>
    </article>
  );
}
