import type { CourseDocument } from '../../../../shared/api/content.ts';
import type { LessonBody } from './lesson-body.ts';
import type { Selection } from './outline-editor.tsx';

interface LearnerPreviewProps {
  course: CourseDocument;
  selection: Selection | null;
  Body: LessonBody;
}

/**
 * The chosen lesson (or the course's first) as a learner would meet it, from what is on screen,
 * saved or not: retired prompts are hidden, as they are from new learners.
 */
export function LearnerPreview({ course, selection, Body }: LearnerPreviewProps) {
  const lessons = course.modules.flatMap((module) => module.lessons);
  const lesson =
    lessons.find((candidate) => candidate.id === selection?.lessonId) ??
    lessons.find((candidate) => !candidate.retired);
  return (
    <section
      aria-labelledby="learner-preview"
      className="space-y-4 rounded-xl border-2 border-dashed border-flame-600 bg-white p-5"
    >
      <h3 id="learner-preview" className="text-sm font-semibold uppercase text-flame-700">
        Preview as a learner
      </h3>
      {!lesson ? (
        <p>This course has no lesson yet.</p>
      ) : (
        <article className="space-y-4">
          <h4 className="font-display text-3xl font-bold">{lesson.title}</h4>
          <p className="text-ink-700">{lesson.description}</p>
          {(lesson.vimeoVideoId || lesson.videoUrl) && (
            <p className="rounded-lg bg-ink-700/5 p-3 text-sm">
              Video: {lesson.videoTitle ?? lesson.title}
              {lesson.videoDuration ? ` (${lesson.videoDuration})` : ''}
            </p>
          )}
          <Body markdown={lesson.content} />
          {lesson.reflectionPrompts
            .filter((prompt) => !prompt.retired)
            .map((prompt) => (
              <div key={prompt.id} className="rounded-lg border border-ink-600/20 p-4">
                <p className="font-semibold">{prompt.question}</p>
                <p className="text-sm text-ink-700">
                  {prompt.isRequired ? 'Required' : 'Optional'}
                </p>
              </div>
            ))}
        </article>
      )}
    </section>
  );
}
