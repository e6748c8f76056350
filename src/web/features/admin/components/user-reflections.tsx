import { useState } from 'react';
import { formatAdminDate } from '../../../../shared/rules/admin.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useUserReflections } from '../api/read-reflections.ts';

/** A learner's reflections load only on request, and the server records each read. */
export function UserReflections({ userId }: { userId: string }) {
  const [isRequested, setIsRequested] = useState(false);
  const reflections = useUserReflections(userId, isRequested);
  return (
    <section aria-labelledby="user-reflections" className="space-y-3">
      <h3 id="user-reflections" className="font-display text-lg font-bold">
        Reflections
      </h3>
      {!isRequested ? (
        <>
          <p className="text-sm text-ink-700">
            They are private: each read is recorded with your email and the time, and listed in the
            learner's data export for the learner to see.
          </p>
          <Button variant="secondary" onClick={() => setIsRequested(true)}>
            Read reflections
          </Button>
        </>
      ) : reflections.isPending ? (
        <p className="text-ink-700">Loading reflections...</p>
      ) : reflections.isError ? (
        <p role="alert">The reflections could not be loaded.</p>
      ) : reflections.data.reflections.length === 0 ? (
        <p className="text-ink-700">No reflections yet.</p>
      ) : (
        <ul className="space-y-3">
          {reflections.data.reflections.map((reflection) => (
            <li
              key={`${reflection.courseId}-${reflection.lessonName}-${reflection.question}`}
              className="rounded-lg border border-ink-600/20 p-3"
            >
              <p className="text-sm text-ink-700">
                {reflection.lessonName} · {formatAdminDate(reflection.updatedAt)}
                {reflection.completed ? ' · completed' : ' · draft'}
              </p>
              <p className="font-semibold">{reflection.question}</p>
              <p className="mt-1 whitespace-pre-wrap">{reflection.response}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
