import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { notify } from '../../../lib/notify.ts';
import { useNavigate, useParams } from '../../../lib/router/router.tsx';
import type { LessonPage, LessonParams } from '../../../../shared/api/learning.ts';
import { resumePosition } from '../../../../shared/rules/video.ts';
import { reflectionMessages } from '../../../../shared/rules/reflection.ts';
import { ApiError, messageOf } from '../../../lib/api-client.ts';
import { lessonPath } from '../../../lib/paths.ts';
import { useClientValue } from '../../../lib/client-value.ts';
import { useSession } from '../../../lib/session.ts';
import { useCompleteLesson } from '../api/complete-lesson.ts';
import { useLessonPage } from '../api/get-lesson-page.ts';
import { queueReflection } from '../api/reflection-outbox.ts';
import { useKeepReflection, useSaveReflection } from '../api/save-reflection.ts';
import { useVideoProgressCalls } from '../api/save-video-progress.ts';
import { CourseContents } from '../components/course-contents.tsx';
import { LessonContent } from '../components/lesson-content.tsx';
import { LessonHeader } from '../components/lesson-header.tsx';
import { LessonHelpBar } from '../components/lesson-help-bar.tsx';
import { LessonNavigation } from '../components/lesson-navigation.tsx';
import {
  CourseAccessRequired,
  ModuleNotOpenYet,
  LessonLoadFailed,
  LessonLoading,
  LessonNotFound,
} from '../components/lesson-states.tsx';
import { ReflectionCard } from '../components/reflection-card.tsx';
import { adoptVisitorDraft, reflectionDraftKey } from '../components/reflection-drafts.ts';
import { useWatchProgress } from '../components/use-watch-progress.ts';
import { VideoPlayer } from '../components/video-player.tsx';
import { initialCompanionOpen, rememberCompanionOpen } from '../companion-open-choice.ts';
import type { LessonCompanion } from '../lesson-companion.ts';

/** /courses/:courseId/modules/:moduleId/lessons/:lessonId */
export function LessonRoute({
  companion,
  notice,
}: {
  companion?: LessonCompanion;
  /** Composed in by the app: a notice about the learner's account (a payment that failed). */
  notice?: ReactNode;
}) {
  const { courseId = '', moduleId = '', lessonId = '' } = useParams();
  const params = useMemo(() => ({ courseId, moduleId, lessonId }), [courseId, moduleId, lessonId]);
  const lessonPage = useLessonPage(params);

  if (lessonPage.isPending) return <LessonLoading text="Verifying course access..." />;
  if (lessonPage.isError) {
    const status = lessonPage.error instanceof ApiError ? lessonPage.error.status : 0;
    if (status === 404) return <LessonNotFound />;
    const message = messageOf(lessonPage.error, '');
    // Paced release: the server names the module and the day it opens.
    if (status === 403 && / opens on .+\.$/.test(message)) {
      return <ModuleNotOpenYet message={message} />;
    }
    if (status === 403) return <CourseAccessRequired courseId={courseId} />;
    return <LessonLoadFailed onRetry={() => void lessonPage.refetch()} />;
  }
  return (
    <LessonView
      key={`${courseId}/${moduleId}/${lessonId}`}
      page={lessonPage.data}
      params={params}
      companion={companion}
      notice={notice}
    />
  );
}

function LessonView({
  page,
  params,
  companion,
  notice,
}: {
  page: LessonPage;
  params: LessonParams;
  companion: LessonCompanion | undefined;
  notice: ReactNode;
}) {
  const navigate = useNavigate();
  const { data: user } = useSession();
  // What they wrote in a free preview before they had an account is theirs now, before the
  // reflection cards read their drafts.
  useState(() => {
    for (const prompt of page.lesson.reflectionPrompts) {
      if (user) adoptVisitorDraft({ ...params, promptId: prompt.id }, user.id);
    }
  });
  const saveReflection = useSaveReflection(params);
  const keepReflection = useKeepReflection(params);
  // The server cannot know the screen or the learner's last choice: the panel starts closed in
  // the page it renders and while React takes that page over, then as this browser says.
  const openAtFirst = useClientValue(initialCompanionOpen, false);
  const [choice, setChoice] = useState<boolean | null>(null);
  const isCompanionOpen = choice ?? openAtFirst;
  const openOrCloseCompanion = (isOpen: boolean) => {
    setChoice(isOpen);
    rememberCompanionOpen(isOpen);
  };
  // Tells the companion that a reflection was saved or the lesson completed, to read its answer.
  const [learningEventCount, setLearningEventCount] = useState(0);
  const noteLearningEvent = () => setLearningEventCount((count) => count + 1);
  const completeLesson = useCompleteLesson(params);
  const videoCalls = useVideoProgressCalls(params);
  const watchProgress = useWatchProgress(videoCalls.save);

  // Chromium's scrollTo returns a promise, which must not become the effect's cleanup.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);

  const lessons = page.course.modules.flatMap((module) =>
    module.lessons.map((lesson) => ({ moduleId: module.id, lessonId: lesson.id })),
  );
  // Previous and Next pass over the modules not open yet for this learner (paced release).
  const locked = new Set(page.lockedModules.map((module) => module.moduleId));
  const openLessons = lessons.filter((entry) => !locked.has(entry.moduleId));
  const index = openLessons.findIndex((entry) => entry.lessonId === page.lesson.id);
  const goTo = (target: (typeof lessons)[number] | undefined) =>
    target && (() => void navigate(lessonPath({ courseId: page.course.id, ...target })));
  const isCompleted = page.completedLessonIds.includes(page.lesson.id);
  const { lesson, video, videoProgress } = page;
  const playerEvents = {
    title: lesson.videoTitle ?? lesson.title,
    onStart: () => void videoCalls.start().catch(() => undefined),
    onTimeUpdate: watchProgress.onTimeUpdate,
    onStop: watchProgress.onStop,
  };

  function markComplete() {
    const allReflected = lesson.reflectionPrompts.every(
      (prompt) => page.reflections.find((entry) => entry.promptId === prompt.id)?.completed,
    );
    if (!allReflected) {
      notify.site.error(reflectionMessages.incompleteLesson);
      return;
    }
    completeLesson.mutate(undefined, {
      onSuccess: () => {
        notify.site.success(reflectionMessages.lessonCompleted);
        noteLearningEvent();
      },
      onError: (error) => notify.site.error(messageOf(error, 'Failed to sync completion')),
    });
  }

  return (
    <div
      className={`min-h-screen pb-12 ${companion && isCompanionOpen ? 'lg:pr-[28rem] xl:pr-[32rem]' : ''}`}
    >
      <LessonHeader
        courseTitle={page.course.title}
        moduleTitle={page.module.title}
        lessonTitle={lesson.title}
        progress={page.progress}
        completedLessons={page.completedLessonIds.length}
        totalLessons={lessons.length}
      />
      {companion && (
        <LessonHelpBar
          help={<companion.GetHelpNow />}
          onOpenCompanion={isCompanionOpen ? null : () => openOrCloseCompanion(true)}
        />
      )}
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <main className="min-w-0 space-y-8">
          <h1 className="font-display text-3xl font-bold text-ink-900">{lesson.title}</h1>
          {notice}
          {lesson.vimeoVideoId && (
            <VideoPlayer
              videoId={lesson.vimeoVideoId}
              video={video}
              startAt={
                videoProgress && video
                  ? resumePosition(videoProgress.positionSeconds, video.duration)
                  : 0
              }
              {...playerEvents}
            />
          )}
          {lesson.videoUrl && (
            <VideoPlayer
              videoUrl={lesson.videoUrl}
              captions={lesson.captions}
              savedPositionSeconds={videoProgress?.positionSeconds ?? 0}
              {...playerEvents}
            />
          )}
          <LessonContent markdown={lesson.content} />
          <section aria-labelledby="reflections-heading" className="space-y-4">
            <h2 id="reflections-heading" className="font-display text-2xl font-bold">
              Reflections
            </h2>
            {lesson.reflectionPrompts.map((prompt) => {
              const draftKey = reflectionDraftKey({
                userId: user?.id ?? '',
                ...params,
                promptId: prompt.id,
              });
              return (
                <ReflectionCard
                  key={prompt.id}
                  prompt={prompt}
                  saved={page.reflections.find((entry) => entry.promptId === prompt.id)}
                  draftKey={draftKey}
                  queue={(input) =>
                    queueReflection({
                      ...input,
                      ...params,
                      key: draftKey,
                      userId: user?.id ?? '',
                      promptId: prompt.id,
                    })
                  }
                  onHeld={keepReflection}
                  save={async (input) => {
                    const saved = await saveReflection({ promptId: prompt.id, ...input });
                    // An autosave at risk brings the safety reply into the chat too.
                    if (input.action !== 'autosave' || saved.isAtRisk) noteLearningEvent();
                    return saved;
                  }}
                  renderSafetyHelp={
                    companion && ((concern) => <companion.SafetyHelp isAlert concern={concern} />)
                  }
                  renderAssist={
                    companion &&
                    ((text, append, markAtRisk) => (
                      <companion.ReflectionAssist
                        {...params}
                        promptId={prompt.id}
                        text={text}
                        onAppend={append}
                        onAtRisk={markAtRisk}
                      />
                    ))
                  }
                />
              );
            })}
          </section>
          <LessonNavigation
            onPrevious={goTo(openLessons[index - 1])}
            onNext={goTo(openLessons[index + 1])}
            onMarkComplete={markComplete}
            isCompleted={isCompleted}
            isCompleting={completeLesson.isPending}
          />
        </main>
        <aside>
          <CourseContents
            courseId={page.course.id}
            modules={page.course.modules}
            currentLessonId={lesson.id}
            completedLessonIds={page.completedLessonIds}
            watchedLessonIds={page.watchedLessonIds}
            lockedModules={page.lockedModules}
          />
        </aside>
      </div>
      {companion && (
        <companion.Panel
          {...params}
          isOpen={isCompanionOpen}
          onOpenChange={openOrCloseCompanion}
          learningEventCount={learningEventCount}
        />
      )}
    </div>
  );
}
