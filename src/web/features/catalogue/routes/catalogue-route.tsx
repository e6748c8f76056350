import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { HydrateInSteps } from '../../../components/ui/hydrate-in-steps.tsx';
import { useCatalogue } from '../../../lib/catalogue.ts';
import { BundleOffer } from '../components/bundle-offer.tsx';
import { CourseCard } from '../components/course-card.tsx';
import { FeaturedCourse } from '../components/featured-course.tsx';

/**
 * /courses: the marketing catalogue, public. It arrives rendered; the grid and the bundle offer
 * below the first screen hydrate after the rest, in steps (a tap there is replayed once they are
 * hydrated).
 */
export function CatalogueRoute() {
  const { data, isPending, isError } = useCatalogue();
  const featured = data?.courses.find((course) => course.level === 'core');
  const titleOf = (courseId: string) =>
    data?.courses.find((course) => course.id === courseId)?.title ?? courseId;

  return (
    <main id="main" className="mx-auto max-w-6xl space-y-12 px-4 py-12">
      <header className="text-center">
        <h1 className="font-display text-4xl font-bold text-ink-900">The Courses</h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-ink-700">
          Four stages of one path: ground your energy, light your flame, then go further with the
          advanced journeys.
        </p>
      </header>
      {isPending && <p>Loading...</p>}
      {isError && <ErrorAlert>The courses could not be loaded. Please try again.</ErrorAlert>}
      {data && (
        <>
          {featured && <FeaturedCourse course={featured} />}
          <HydrateInSteps>
            <section aria-labelledby="all-courses-heading">
              <h2 id="all-courses-heading" className="font-display text-2xl font-bold text-ink-900">
                All Courses
              </h2>
              <ul className="mt-6 grid gap-6 sm:grid-cols-2">
                {data.courses.map((course) => (
                  <li key={course.id}>
                    <CourseCard course={course} titleOf={titleOf} />
                  </li>
                ))}
              </ul>
            </section>
          </HydrateInSteps>
          <HydrateInSteps>
            <BundleOffer catalogue={data} />
          </HydrateInSteps>
        </>
      )}
    </main>
  );
}
