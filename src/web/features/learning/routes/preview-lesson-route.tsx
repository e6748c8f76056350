import { useMemo, useState } from 'react';
import type { LessonParams, PreviewLesson } from '../../../../shared/api/learning.ts';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { buyCoursePath, coursePath, lessonPath, paths } from '../../../lib/paths.ts';
import { Link, Navigate, useNavigate, useParams } from '../../../lib/router/router.tsx';
import { usePreviewLesson } from '../api/get-preview-lesson.ts';
import { LessonContent } from '../components/lesson-content.tsx';
import { LessonLoadFailed, LessonLoading, LessonNotFound } from '../components/lesson-states.tsx';
import { readVisitorDraft, writeVisitorDraft } from '../components/reflection-drafts.ts';
import { VideoPlayer } from '../components/video-player.tsx';

const noProgress = { onTimeUpdate: () => {}, onStop: () => {}, onStart: () => {} };

/**
 * A lesson for a visitor without an account: a free preview plays and reads as it does for a
 * learner; any other lesson asks them to sign in. Reflecting asks them to sign up, and what they
 * typed waits in this browser until they come back signed in.
 */
export function PreviewLessonRoute() {
  const { courseId = '', moduleId = '', lessonId = '' } = useParams();
  const params = useMemo(() => ({ courseId, moduleId, lessonId }), [courseId, moduleId, lessonId]);
  const preview = usePreviewLesson(params);
  if (preview.isPending) return <LessonLoading text="Loading your sacred journey..." />;
  if (preview.isError) {
    const status = preview.error instanceof ApiError ? preview.error.status : 0;
    if (status === 404) return <LessonNotFound />;
    if (status === 403) {
      return <Navigate to={paths.login} state={{ from: lessonPath(params) }} replace />;
    }
    return <LessonLoadFailed onRetry={() => void preview.refetch()} />;
  }
  return <PreviewView page={preview.data} params={params} />;
}

function PreviewView({ page, params }: { page: PreviewLesson; params: LessonParams }) {
  const { lesson, video } = page;
  const title = lesson.videoTitle ?? lesson.title;
  return (
    <div className="min-h-screen pb-24">
      <header className="border-b border-ink-600/15 bg-white px-4 py-4 sm:px-6">
        <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <Link
              to={coursePath(page.course.id)}
              className="text-sm font-semibold text-flame-700 underline"
            >
              {page.course.title}
            </Link>
            <p className="text-sm text-ink-700">
              {page.module.title} › {lesson.title}
            </p>
          </div>
          <span className="rounded-full bg-flame-100 px-3 py-1 text-sm font-semibold text-flame-700">
            Free preview
          </span>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-4xl space-y-8 px-4 py-8 sm:px-6">
        <h1 className="font-display text-3xl font-bold text-ink-900">{lesson.title}</h1>
        {lesson.vimeoVideoId && (
          <VideoPlayer
            videoId={lesson.vimeoVideoId}
            title={title}
            video={video}
            startAt={0}
            {...noProgress}
          />
        )}
        {lesson.videoUrl && (
          <VideoPlayer
            videoUrl={lesson.videoUrl}
            captions={lesson.captions}
            title={title}
            savedPositionSeconds={0}
            {...noProgress}
          />
        )}
        <LessonContent markdown={lesson.content} />
        {lesson.reflectionPrompts.length > 0 && (
          <PreviewReflections prompts={lesson.reflectionPrompts} params={params} />
        )}
        <section
          aria-labelledby="preview-enroll-heading"
          className="rounded-2xl bg-white p-6 shadow"
        >
          <h2 id="preview-enroll-heading" className="font-display text-xl font-bold">
            Continue the course
          </h2>
          <p className="mt-2 text-ink-800">
            This lesson is a free preview of {page.course.title}. Enroll to open every lesson.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <ButtonLink to={buyCoursePath(page.course.id)}>Enroll Now</ButtonLink>
            <ButtonLink to={coursePath(page.course.id)} variant="secondary">
              About the course
            </ButtonLink>
          </div>
        </section>
      </main>
    </div>
  );
}

function PreviewReflections({
  prompts,
  params,
}: {
  prompts: PreviewLesson['lesson']['reflectionPrompts'];
  params: LessonParams;
}) {
  const navigate = useNavigate();
  const [texts, setTexts] = useState(() =>
    Object.fromEntries(
      prompts.map((prompt) => [prompt.id, readVisitorDraft({ ...params, promptId: prompt.id })]),
    ),
  );
  const type = (promptId: string, text: string) => {
    setTexts((current) => ({ ...current, [promptId]: text }));
    writeVisitorDraft({ ...params, promptId }, text);
  };
  const from = lessonPath(params);
  return (
    <section aria-labelledby="reflections-heading" className="space-y-4">
      <h2 id="reflections-heading" className="font-display text-2xl font-bold">
        Reflections
      </h2>
      {prompts.map((prompt) => (
        <div key={prompt.id} className="rounded-2xl bg-white p-5 shadow-sm">
          <TextAreaField
            label={prompt.question}
            rows={4}
            placeholder="Share your reflection here..."
            value={texts[prompt.id] ?? ''}
            onChange={(event) => type(prompt.id, event.target.value)}
          />
        </div>
      ))}
      <div className="rounded-2xl border-2 border-flame-600 bg-white p-5">
        <p className="text-ink-800">
          Your reflections are kept in a private workbook. Create a free account to save what you
          wrote: it stays in this browser until you are back.
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button onClick={() => navigate(paths.register, { state: { from } })}>
            Sign up to save your reflection
          </Button>
          <Link
            to={paths.login}
            state={{ from }}
            className="font-semibold text-flame-700 underline"
          >
            I have an account: sign in
          </Link>
        </div>
      </div>
    </section>
  );
}
