import { Link, useSearchParams } from 'react-router';
import {
  checkoutOutcomeMessages,
  subscriptionReturnMessages,
} from '../../../../shared/api/payments.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { useMyAccess } from '../../../lib/access.ts';
import { paths } from '../../../lib/paths.ts';
import { useSession, useSignOut } from '../../../lib/session.ts';
import { useConfirmCheckout } from '../api/confirm-checkout.ts';

export function DashboardRoute() {
  const { data: user } = useSession();
  const signOut = useSignOut();
  const [searchParams] = useSearchParams();
  const confirmation = useConfirmCheckout(searchParams.get('session_id'));
  const access = useMyAccess({ enabled: true });
  const subscriptionReturn = searchParams.get('subscription');
  const courses = access.data?.courses.filter((course) => course.accessType !== 'none') ?? [];

  const statusMessage = confirmation.data
    ? checkoutOutcomeMessages[confirmation.data.status]
    : subscriptionReturn === 'success' || subscriptionReturn === 'canceled'
      ? subscriptionReturnMessages[subscriptionReturn]
      : '';

  return (
    <div className="min-h-screen">
      <header className="flex items-center justify-between border-b border-ink-600/20 bg-white px-6 py-4">
        <Logo />
        <Button variant="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          Sign Out
        </Button>
      </header>
      <main className="mx-auto max-w-4xl px-6 py-10">
        <h1 className="font-display text-3xl font-bold">Welcome, {user?.firstName || 'Seeker'}</h1>
        <p className="mt-2 text-ink-700">Your journey continues here.</p>
        <p role="status" className={statusMessage ? 'mt-6 rounded-lg bg-white p-4 shadow' : ''}>
          {statusMessage}
        </p>
        {confirmation.isError && <ErrorAlert>{confirmation.error.message}</ErrorAlert>}
        <section aria-labelledby="my-courses-heading" className="mt-8">
          <h2 id="my-courses-heading" className="font-display text-2xl font-bold">
            Your Courses
          </h2>
          {courses.length > 0 ? (
            <ul className="mt-3 space-y-2">
              {courses.map((course) => (
                <li key={course.courseId} className="rounded-lg bg-white p-4 shadow">
                  {course.title}
                </li>
              ))}
            </ul>
          ) : (
            access.isSuccess && (
              <p className="mt-3 text-ink-700">
                No courses yet.{' '}
                <Link to={paths.courses} className="font-medium text-flame-700 underline">
                  Browse the courses
                </Link>
              </p>
            )
          )}
        </section>
      </main>
    </div>
  );
}
