import type { CourseSummary } from '../../../../shared/api/catalogue.ts';
import { buyCoursePath, coursePath } from '../../../lib/paths.ts';
import { CourseFacts } from './course-facts.tsx';
import { CoursePrice } from './course-price.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';

/** The core journey, featured above the grid. */
export function FeaturedCourse({ course }: { course: CourseSummary }) {
  return (
    <section
      aria-labelledby="featured-heading"
      className="relative rounded-2xl border-2 border-flame-600 bg-white p-8 shadow-lg"
    >
      <p className="absolute -top-3 left-8 rounded-full bg-flame-600 px-3 py-1 text-xs font-bold tracking-wide text-white">
        MOST POPULAR
      </p>
      <p className="text-sm font-semibold text-flame-700">The core journey</p>
      <h2 id="featured-heading" className="mt-1 font-display text-3xl font-bold text-ink-900">
        {course.title}
      </h2>
      <p className="mt-3 max-w-2xl text-lg text-ink-800">{course.description}</p>
      <div className="mt-3">
        <CourseFacts course={course} />
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-4">
        <CoursePrice product={course.product} size="3xl" />
        <ButtonLink
          to={coursePath(course.id)}
          variant="secondary"
          size="lg"
          aria-label={`About the course: ${course.title}`}
        >
          About the course
        </ButtonLink>
        {!course.product.comingSoon && (
          <ButtonLink
            to={buyCoursePath(course.id)}
            aria-label={`Buy Now: ${course.title}`}
            size="lg"
          >
            Buy Now
          </ButtonLink>
        )}
      </div>
    </section>
  );
}
