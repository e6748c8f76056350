import { useState } from 'react';
import type {
  CourseDocument,
  LessonDocument,
  ModuleDocument,
} from '../../../../shared/api/content.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { idFrom, moveItem, updateAt } from '../document-edits.ts';
import { ReorderList } from './reorder-list.tsx';

/** Which part of the course the editor below the outline shows. */
export interface Selection {
  moduleId: string;
  lessonId?: string;
}

interface OutlineEditorProps {
  course: CourseDocument;
  onChange: (course: CourseDocument) => void;
  selection: Selection | null;
  onSelect: (selection: Selection) => void;
}

const newLesson = (id: string, title: string): LessonDocument => ({
  id,
  title,
  description: title,
  type: 'practice',
  duration: 600,
  content: `## ${title}\n`,
  reflectionPrompts: [],
});

/** The modules in order, each with its lessons in order: added, reordered, chosen to edit. */
export function OutlineEditor({ course, onChange, selection, onSelect }: OutlineEditorProps) {
  const setModules = (modules: ModuleDocument[]) => onChange({ ...course, modules });
  const addModule = (title: string) => {
    const id = idFrom(
      title,
      course.modules.map((module) => module.id),
    );
    setModules([...course.modules, { id, title, description: title, lessons: [] }]);
    onSelect({ moduleId: id });
  };
  const addLesson = (index: number, title: string) => {
    const taken = course.modules.flatMap((module) => module.lessons.map((lesson) => lesson.id));
    const id = idFrom(title, taken);
    const module = course.modules[index]!;
    setModules(
      updateAt(course.modules, index, (it) => ({
        ...it,
        lessons: [...it.lessons, newLesson(id, title)],
      })),
    );
    onSelect({ moduleId: module.id, lessonId: id });
  };
  return (
    <section aria-labelledby="course-outline" className="space-y-3">
      <h3 id="course-outline" className="font-display text-xl font-semibold">
        Modules and lessons
      </h3>
      <ReorderList
        items={course.modules}
        label="Modules"
        keyOf={(module) => module.id}
        nameOf={(module) => `module ${module.title}`}
        onMove={(from, to) => setModules(moveItem(course.modules, from, to))}
        renderItem={(module, index) => (
          <div className="space-y-2">
            <SelectButton
              isSelected={selection?.moduleId === module.id && !selection.lessonId}
              label={`Module ${index + 1}: ${module.title}`}
              onClick={() => onSelect({ moduleId: module.id })}
            />
            <ReorderList
              items={module.lessons}
              label={`Lessons of ${module.title}`}
              keyOf={(lesson) => lesson.id}
              nameOf={(lesson) => `lesson ${lesson.title}`}
              onMove={(from, to) =>
                setModules(
                  updateAt(course.modules, index, (it) => ({
                    ...it,
                    lessons: moveItem(it.lessons, from, to),
                  })),
                )
              }
              renderItem={(lesson) => (
                <SelectButton
                  isSelected={selection?.lessonId === lesson.id}
                  label={`${lesson.title}${lesson.retired ? ' (retired)' : ''}`}
                  onClick={() => onSelect({ moduleId: module.id, lessonId: lesson.id })}
                />
              )}
            />
            <AddByTitle
              label={`New lesson in ${module.title}`}
              action="Add lesson"
              actionName={`Add lesson to ${module.title}`}
              onAdd={(title) => addLesson(index, title)}
            />
          </div>
        )}
      />
      <AddByTitle label="New module title" action="Add module" onAdd={addModule} />
    </section>
  );
}

function SelectButton(props: { isSelected: boolean; label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={props.isSelected}
      onClick={props.onClick}
      className="w-full rounded px-2 py-1 text-left font-semibold text-ink-900 hover:bg-ink-700/5 aria-pressed:bg-flame-600/10 aria-pressed:text-flame-700"
    >
      {props.label}
    </button>
  );
}

interface AddByTitleProps {
  label: string;
  action: string;
  /** The button's accessible name, when several lists each have one. */
  actionName?: string;
  onAdd: (title: string) => void;
}

function AddByTitle(props: AddByTitleProps) {
  const [title, setTitle] = useState('');
  return (
    <div className="flex flex-wrap items-end gap-2">
      <TextField
        label={props.label}
        maxLength={200}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        className="min-w-56 flex-1"
      />
      <Button
        variant="secondary"
        disabled={title.trim() === ''}
        aria-label={props.actionName}
        onClick={() => {
          props.onAdd(title.trim());
          setTitle('');
        }}
      >
        {props.action}
      </Button>
    </div>
  );
}
