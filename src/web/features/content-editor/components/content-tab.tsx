import { useState, type FormEvent } from 'react';
import type { ContentCourseListItem } from '../../../../shared/api/content.ts';
import { formatDateTime } from '../../../../shared/rules/dates.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ChangesTable } from '../../../components/ui/changes-table.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { useSearchParams } from '../../../lib/router/router.tsx';
import { useContentChanges, useContentCourses, useCreateCourse } from '../api/content-courses.ts';
import { idFrom } from '../document-edits.ts';
import { CourseEditor } from './course-editor.tsx';
import type { LessonBody } from './lesson-body.ts';

/**
 * The admin panel's Content tab: the courses with their state, a new course, and the editor of
 * the course in hand (named in the address, so a reload keeps it).
 */
export function ContentTab({ Body }: { Body: LessonBody }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const courseId = searchParams.get('course');
  const open = (id: string | null) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (id) params.set('course', id);
        else params.delete('course');
        return params;
      },
      { replace: true },
    );
  if (courseId) return <CourseEditor courseId={courseId} onClose={() => open(null)} Body={Body} />;
  return <CourseList onOpen={open} />;
}

function CourseList({ onOpen }: { onOpen: (courseId: string) => void }) {
  const courses = useContentCourses();
  return (
    <div className="space-y-8">
      <section aria-labelledby="content-courses" className="space-y-4">
        <h2 id="content-courses" className="font-display text-2xl font-bold">
          Courses
        </h2>
        {courses.isPending && <p>Loading courses...</p>}
        {courses.isError && <ErrorAlert>Failed to load the courses</ErrorAlert>}
        {courses.data?.courses.length === 0 && <p>No courses yet.</p>}
        <ul className="space-y-2">
          {courses.data?.courses.map((course) => (
            <li
              key={course.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-ink-600/20 bg-white p-4"
            >
              <div>
                <p className="font-semibold">{course.title}</p>
                <p className="text-sm text-ink-700">
                  {stateOf(course)} · saved by {course.updatedBy} on{' '}
                  {formatDateTime(course.updatedAt)}
                </p>
              </div>
              <Button
                variant="secondary"
                aria-label={`Edit ${course.title}`}
                onClick={() => onOpen(course.id)}
              >
                Edit
              </Button>
            </li>
          ))}
        </ul>
      </section>
      <NewCourseForm onCreated={onOpen} />
      <ContentChanges />
    </div>
  );
}

function ContentChanges() {
  const changes = useContentChanges();
  return (
    <ChangesTable
      title="Content changes"
      columns={['Course', 'Change']}
      isError={changes.isError}
      changes={changes.data?.changes.map((change) => ({
        ...change,
        cells: [change.courseId, change.detail],
      }))}
    />
  );
}

function stateOf(course: ContentCourseListItem): string {
  if (course.publishedVersion === null) return 'Draft, not published';
  return course.hasUnpublishedChanges
    ? `Published (version ${course.publishedVersion}), with unpublished changes`
    : `Published (version ${course.publishedVersion})`;
}

function NewCourseForm({ onCreated }: { onCreated: (courseId: string) => void }) {
  const [title, setTitle] = useState('');
  const [id, setId] = useState('');
  const create = useCreateCourse();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const courseId = id || idFrom(title, []);
    create.mutate({ id: courseId, title: title.trim() }, { onSuccess: () => onCreated(courseId) });
  };
  return (
    <section aria-labelledby="new-course" className="space-y-3">
      <h2 id="new-course" className="font-display text-xl font-bold">
        New course
      </h2>
      <form
        onSubmit={submit}
        className="space-y-3 rounded-xl border border-ink-600/20 bg-white p-5"
      >
        <TextField
          label="Title"
          required
          maxLength={200}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <TextField
          label="Address name (id)"
          maxLength={80}
          placeholder={title ? idFrom(title, []) : 'made from the title'}
          value={id}
          onChange={(event) => setId(event.target.value)}
          hint={
            <p className="mt-1 text-sm text-ink-700">
              Lowercase letters, digits and dashes; it names the course in its address and never
              changes.
            </p>
          }
        />
        {create.error && (
          <ErrorAlert>{messageOf(create.error, 'Failed to create the course')}</ErrorAlert>
        )}
        <Button type="submit" disabled={create.isPending}>
          Create course
        </Button>
      </form>
    </section>
  );
}
