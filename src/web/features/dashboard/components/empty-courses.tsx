import { paths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../components/ui/button-link.tsx';

export function EmptyCourses() {
  return (
    <div className="rounded-xl border border-dashed border-ink-600/40 bg-white p-8 text-center">
      <p className="font-display text-lg font-semibold">No courses yet.</p>
      <p className="mt-1 text-ink-700">Find the course that calls to you and begin.</p>
      <ButtonLink to={paths.courses} size="sm" className="mt-4">
        Browse Courses
      </ButtonLink>
    </div>
  );
}
