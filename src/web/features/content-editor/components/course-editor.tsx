import { useState } from 'react';
import type { CourseDocument, CourseDraft } from '../../../../shared/api/content.ts';
import { formatDateTime } from '../../../../shared/rules/dates.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SaveRefusedAlert } from '../../../components/ui/save-refused-alert.tsx';
import { useCourseDraft, usePublishCourse, useSaveDraft } from '../api/content-courses.ts';
import { withoutEmptyFields } from '../document-edits.ts';
import { CourseFields } from './course-fields.tsx';
import type { LessonBody } from './lesson-body.ts';
import { LearnerPreview } from './learner-preview.tsx';
import { OutlineEditor, type Selection } from './outline-editor.tsx';
import { PartEditor } from './part-editor.tsx';
import { VersionHistory } from './version-history.tsx';

interface CourseEditorProps {
  courseId: string;
  onClose: () => void;
  Body: LessonBody;
}

/** One course's draft: edited here, saved, published, previewed, restored from a version. */
export function CourseEditor({ courseId, onClose, Body }: CourseEditorProps) {
  const draft = useCourseDraft(courseId);
  // Here, not in the form: a save gives a new version, which starts the form again from it.
  const [selection, setSelection] = useState<Selection | null>(null);
  const save = useSaveDraft(courseId);
  const publish = usePublishCourse(courseId);
  return (
    <div className="space-y-8">
      <Button variant="secondary" onClick={onClose}>
        Back to all courses
      </Button>
      {draft.isPending && <p>Loading the course...</p>}
      {draft.isError && <ErrorAlert>Failed to load the course</ErrorAlert>}
      {draft.data && (
        <DraftForm
          key={draft.data.version}
          saved={draft.data}
          save={save}
          publish={publish}
          selection={selection}
          onSelect={setSelection}
          onReload={() => {
            save.reset();
            publish.reset();
            void draft.refetch();
          }}
          Body={Body}
        />
      )}
      <VersionHistory courseId={courseId} />
    </div>
  );
}

interface DraftFormProps {
  saved: CourseDraft;
  save: ReturnType<typeof useSaveDraft>;
  publish: ReturnType<typeof usePublishCourse>;
  selection: Selection | null;
  onSelect: (selection: Selection | null) => void;
  onReload: () => void;
  Body: LessonBody;
}

function DraftForm(props: DraftFormProps) {
  const { saved, save, publish, selection, onSelect, onReload, Body } = props;
  const [course, setCourse] = useState<CourseDocument>(saved.draft);
  const [isPreviewing, setIsPreviewing] = useState(false);
  const isDirty = JSON.stringify(course) !== JSON.stringify(saved.draft);
  const isBusy = save.isPending || publish.isPending;
  const error = save.error ?? publish.error;

  const saveDraft = () =>
    save.mutateAsync({ version: saved.version, draft: withoutEmptyFields(course) });
  const saveAndPublish = async () => {
    const version = isDirty ? (await saveDraft()).version : saved.version;
    await publish.mutateAsync(version);
  };

  return (
    <section aria-labelledby="course-draft" className="space-y-6">
      <div className="space-y-1">
        <h2 id="course-draft" className="font-display text-2xl font-bold">
          {saved.draft.title}
        </h2>
        <p className="text-sm text-ink-700">
          Draft version {saved.version}, saved by {saved.updatedBy} on{' '}
          {formatDateTime(saved.updatedAt)}.{' '}
          {saved.publishedVersion === null
            ? 'Not published yet.'
            : `Learners see published version ${saved.publishedVersion}.`}
          {isDirty && ' You have unsaved changes.'}
        </p>
      </div>
      <div className="sticky top-0 z-10 flex flex-wrap gap-3 bg-flame-50/95 py-2">
        <Button
          variant="secondary"
          disabled={isBusy || !isDirty}
          // The refusal shows from the mutation's state (SaveRefusedAlert).
          onClick={() => void saveDraft().catch(() => {})}
        >
          {save.isPending ? 'Saving...' : 'Save draft'}
        </Button>
        <Button disabled={isBusy} onClick={() => void saveAndPublish().catch(() => {})}>
          {publish.isPending ? 'Publishing...' : 'Publish'}
        </Button>
        <Button
          variant="ghost"
          aria-pressed={isPreviewing}
          onClick={() => setIsPreviewing(!isPreviewing)}
        >
          Preview as a learner
        </Button>
      </div>
      {save.isSuccess && !isDirty && <p role="status">Draft saved.</p>}
      {publish.isSuccess && !isDirty && (
        <p role="status">Published: learners see this version now.</p>
      )}
      {/* The server's reason: who saved since (409, nothing overwritten), or what it refused. */}
      <SaveRefusedAlert
        error={error}
        fallback="Failed to save the course. Please try again."
        reloadLabel="Reload the course"
        onReload={onReload}
      />
      {isPreviewing && <LearnerPreview course={course} selection={selection} Body={Body} />}
      <CourseFields course={course} onChange={setCourse} />
      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <OutlineEditor
          course={course}
          onChange={setCourse}
          selection={selection}
          onSelect={onSelect}
        />
        {selection && (
          <PartEditor
            course={course}
            onChange={setCourse}
            selection={selection}
            onDeselect={() => onSelect(null)}
            Body={Body}
          />
        )}
      </div>
    </section>
  );
}
