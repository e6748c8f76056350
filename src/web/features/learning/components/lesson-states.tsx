import type { ReactNode } from 'react';
import { Link } from '../../../lib/router/router.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { buyCoursePath, paths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../components/ui/button-link.tsx';

function Screen({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen">
      <header className="border-b border-ink-600/20 bg-white px-6 py-4">
        <Logo />
      </header>
      <main className="mx-auto max-w-xl px-6 py-20 text-center">{children}</main>
    </div>
  );
}

/** 'Loading your sacred journey...' while the session loads, then 'Verifying course access...'. */
export function LessonLoading({ text }: { text: string }) {
  return (
    <Screen>
      <p role="status" className="animate-pulse font-display text-xl text-ink-800">
        {text}
      </p>
    </Screen>
  );
}

export function LessonNotFound() {
  return (
    <Screen>
      <h1 className="font-display text-3xl font-bold">Lesson Not Found</h1>
      <p className="mt-3 text-ink-700">
        The lesson you&apos;re looking for doesn&apos;t exist or you don&apos;t have access.
      </p>
      <ButtonLink to={paths.courses} className="mt-6">
        Browse All Courses
      </ButtonLink>
    </Screen>
  );
}

/** Paced release: the lesson's module is not open yet; the server's words say when it opens. */
export function ModuleNotOpenYet({ message }: { message: string }) {
  return (
    <Screen>
      <h1 className="font-display text-3xl font-bold">Not open yet</h1>
      <p className="mt-3 text-ink-700">{message}</p>
      <ButtonLink to={paths.dashboard} className="mt-6">
        Go to Dashboard
      </ButtonLink>
    </Screen>
  );
}

export function CourseAccessRequired({ courseId }: { courseId: string }) {
  return (
    <Screen>
      <h1 className="font-display text-3xl font-bold">Course Access Required</h1>
      <p className="mt-3 text-ink-700">
        Enroll in this course to open its lessons, videos and reflections.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <ButtonLink to={buyCoursePath(courseId)}>Enroll Now</ButtonLink>
        <ButtonLink to={paths.courses} variant="secondary">
          Browse All Courses
        </ButtonLink>
      </div>
      <Link
        to={paths.dashboard}
        className="mt-4 inline-block font-medium text-flame-700 underline hover:text-flame-600"
      >
        Go to Dashboard
      </Link>
    </Screen>
  );
}

export function LessonLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Screen>
      <h1 className="font-display text-2xl font-bold">This lesson could not be loaded</h1>
      <p role="alert" className="mt-3 text-ink-700">
        Please check your connection and try again.
      </p>
      <Button className="mt-6" onClick={onRetry}>
        Try Again
      </Button>
    </Screen>
  );
}
