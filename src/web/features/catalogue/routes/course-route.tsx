import { useEffect } from 'react';
import Markdown from 'react-markdown';
import type { CatalogueResponse, CourseOutline } from '../../../../shared/api/catalogue.ts';
import { planOfferText } from '../../../../shared/rules/payment-plans.ts';
import { formatEuros } from '../../../../shared/rules/pricing.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { HydrateInSteps } from '../../../components/ui/hydrate-in-steps.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCatalogue } from '../../../lib/catalogue.ts';
import { buyCoursePath, coursePath, lessonPath, paths } from '../../../lib/paths.ts';
import { Link, useParams } from '../../../lib/router/router.tsx';
import { useCourse } from '../api/get-course.ts';
import { ComingSoonTag } from '../components/coming-soon-tag.tsx';
import { CourseFacts } from '../components/course-facts.tsx';
import { CourseOutlineList } from '../components/course-outline.tsx';
import { TellMeWhenItOpens } from '../components/tell-me-when-it-opens.tsx';
import { WhatsIncludedInCourse } from '../components/whats-included-in-course.tsx';
import { courseTitle } from '../course-head.ts';

const levelLabels: Record<CourseOutline['level'], string> = {
  foundational: 'Foundational course',
  core: 'The core journey',
  advanced: 'Advanced course',
};

/** /courses/{courseId}: public, rendered at build time and again on each publish. */
export function CourseRoute() {
  const { courseId = '' } = useParams();
  const course = useCourse(courseId);
  const catalogue = useCatalogue();
  useDocumentTitle(course.data && courseTitle(course.data));

  if (course.isPending) {
    return (
      <main id="main" className="mx-auto max-w-6xl px-4 py-12">
        <p>Loading...</p>
      </main>
    );
  }
  if (course.isError) {
    const isMissing = course.error instanceof ApiError && course.error.status === 404;
    return (
      <main id="main" className="mx-auto max-w-3xl space-y-4 px-4 py-12">
        <h1 className="font-display text-3xl font-bold text-ink-900">
          {isMissing ? 'Course Not Found' : 'The course could not be loaded'}
        </h1>
        {isMissing ? (
          <p>There is no course at this address.</p>
        ) : (
          <ErrorAlert>The course could not be loaded. Please try again.</ErrorAlert>
        )}
        <Link to={paths.courses} className="font-semibold text-flame-700 underline">
          Browse All Courses
        </Link>
      </main>
    );
  }
  return <CoursePage course={course.data} catalogue={catalogue.data} />;
}

function CoursePage({
  course,
  catalogue,
}: {
  course: CourseOutline;
  catalogue: CatalogueResponse | undefined;
}) {
  const titleOf = (id: string) => catalogue?.courses.find((other) => other.id === id)?.title ?? id;
  const preview = firstPreviewOf(course);
  const isComingSoon = course.product.comingSoon;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <nav aria-label="Breadcrumb" className="text-sm text-ink-700">
        <Link to={paths.courses} className="underline">
          Courses
        </Link>{' '}
        › <span aria-current="page">{course.title}</span>
      </nav>
      <div className="mt-6 grid gap-10 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0 space-y-10">
          <header className="space-y-3">
            <p className="text-sm font-semibold tracking-wide text-flame-700 uppercase">
              {levelLabels[course.level]}
            </p>
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="font-display text-3xl font-bold text-ink-900 sm:text-4xl">
                {course.title}
              </h1>
              {isComingSoon && <ComingSoonTag />}
            </div>
            <p className="text-lg text-ink-800">{course.description}</p>
            <CourseFacts course={course} />
            {course.prerequisites.length > 0 && (
              <p className="text-ink-800">
                Requires{' '}
                {course.prerequisites.map((id, index) => (
                  <span key={id}>
                    {index > 0 && ' and '}
                    <Link to={coursePath(id)} className="font-semibold text-flame-700 underline">
                      {titleOf(id)}
                    </Link>
                  </span>
                ))}
              </p>
            )}
          </header>
          {course.thumbnail && (
            <img
              src={course.thumbnail}
              alt={course.thumbnailAlt ?? ''}
              width={1200}
              height={675}
              className="aspect-video w-full rounded-2xl bg-ink-600/10 object-cover"
            />
          )}
          <HydrateInSteps>
            <section aria-labelledby="overview-heading">
              <h2 id="overview-heading" className="font-display text-2xl font-bold text-ink-900">
                About this course
              </h2>
              <div className="mt-3 text-ink-800 [&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:font-display [&_h2]:text-xl [&_h2]:font-bold [&_li]:mb-1 [&_p]:mb-4 [&_p]:leading-relaxed [&_ul]:mb-4 [&_ul]:list-disc [&_ul]:pl-6">
                <Markdown skipHtml>{course.overview}</Markdown>
              </div>
            </section>
          </HydrateInSteps>
          <HydrateInSteps>
            <section aria-labelledby="outline-heading">
              <h2 id="outline-heading" className="font-display text-2xl font-bold text-ink-900">
                Course outline
              </h2>
              <div className="mt-4">
                <CourseOutlineList course={course} />
              </div>
            </section>
          </HydrateInSteps>
        </div>
        <aside aria-label="Enrol" className="lg:sticky lg:top-24 lg:self-start">
          <div className="space-y-6 rounded-2xl bg-white p-6 shadow">
            {isComingSoon ? (
              <div className="space-y-3">
                <p className="text-ink-800">
                  {course.title} is coming soon. It cannot be bought yet; we can write to you when
                  it opens.
                </p>
                <TellMeWhenItOpens courseId={course.id} />
              </div>
            ) : (
              <div className="space-y-3">
                <p className="text-3xl font-bold text-ink-900">
                  {formatEuros(course.product.priceCents)}
                </p>
                {course.product.paymentPlan ? (
                  <p className="text-sm text-ink-700">
                    {planOfferText(course.product.paymentPlan)}, one a month. 12 months of access
                    from your first payment.
                  </p>
                ) : (
                  <p className="text-sm text-ink-700">One payment, 12 months of access.</p>
                )}
                <ButtonLink
                  to={buyCoursePath(course.id)}
                  size="lg"
                  className="w-full"
                  aria-label={`Buy Now: ${course.title}`}
                >
                  Buy Now
                </ButtonLink>
              </div>
            )}
            {preview && (
              <div className="space-y-2 border-t border-ink-600/10 pt-4">
                <p className="font-semibold text-ink-900">Try a lesson first</p>
                <ButtonLink
                  to={lessonPath(preview)}
                  variant="secondary"
                  className="w-full"
                  aria-label={`Watch the free preview: ${preview.title}`}
                >
                  Watch the free preview
                </ButtonLink>
                <p className="text-sm text-ink-700">{preview.title}, no account needed.</p>
              </div>
            )}
            <WhatsIncludedInCourse course={course} />
            {catalogue && (
              <p className="border-t border-ink-600/10 pt-4 text-sm text-ink-700">
                Also part of the{' '}
                <Link to={paths.buyNow} className="font-semibold text-flame-700 underline">
                  {catalogue.bundle.name}
                </Link>
                : every course in one enrollment.
              </p>
            )}
          </div>
        </aside>
      </div>
    </main>
  );
}

function firstPreviewOf(course: CourseOutline) {
  for (const module of course.modules) {
    const lesson = module.lessons.find((candidate) => candidate.isPreview);
    if (lesson)
      return { courseId: course.id, moduleId: module.id, lessonId: lesson.id, title: lesson.title };
  }
  return undefined;
}

/** The tab's title while the page is shown; the rendered page has it in its head already. */
function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}
