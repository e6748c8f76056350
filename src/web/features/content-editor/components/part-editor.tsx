import type { CourseDocument, ModuleDocument } from '../../../../shared/api/content.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { updateAt } from '../document-edits.ts';
import type { LessonBody } from './lesson-body.ts';
import { LessonEditor } from './lesson-editor.tsx';
import { ModulePacingFields } from './module-pacing-fields.tsx';
import type { Selection } from './outline-editor.tsx';

interface PartEditorProps {
  course: CourseDocument;
  onChange: (course: CourseDocument) => void;
  selection: Selection;
  onDeselect: () => void;
  Body: LessonBody;
}

/**
 * The module or lesson chosen in the outline. Removing one that learners have worked in is
 * refused by the server on save, which names it: it is retired instead.
 */
export function PartEditor({ course, onChange, selection, onDeselect, Body }: PartEditorProps) {
  const moduleIndex = course.modules.findIndex((module) => module.id === selection.moduleId);
  const module = course.modules[moduleIndex];
  if (!module) return null;
  const setModule = (change: (module: ModuleDocument) => ModuleDocument) =>
    onChange({ ...course, modules: updateAt(course.modules, moduleIndex, change) });
  const lessonIndex = module.lessons.findIndex((lesson) => lesson.id === selection.lessonId);
  const lesson = module.lessons[lessonIndex];

  if (lesson) {
    return (
      <div className="space-y-3">
        <LessonEditor
          lesson={lesson}
          Body={Body}
          onChange={(next) =>
            setModule((it) => ({ ...it, lessons: updateAt(it.lessons, lessonIndex, () => next) }))
          }
        />
        <Button
          variant="ghost"
          onClick={() => {
            setModule((it) => ({
              ...it,
              lessons: it.lessons.filter((_, at) => at !== lessonIndex),
            }));
            onDeselect();
          }}
        >
          Remove lesson
        </Button>
      </div>
    );
  }
  return (
    <fieldset className="space-y-4">
      <legend className="mb-2 font-display text-xl font-semibold">Module: {module.title}</legend>
      <TextField
        label="Module title"
        required
        maxLength={200}
        value={module.title}
        onChange={(event) => setModule((it) => ({ ...it, title: event.target.value }))}
      />
      <TextAreaField
        label="Module description"
        rows={3}
        maxLength={2_000}
        value={module.description}
        onChange={(event) => setModule((it) => ({ ...it, description: event.target.value }))}
      />
      <ModulePacingFields module={module} onChange={(next) => setModule(() => next)} />
      <Button
        variant="ghost"
        onClick={() => {
          onChange({ ...course, modules: course.modules.filter((_, at) => at !== moduleIndex) });
          onDeselect();
        }}
      >
        Remove module
      </Button>
    </fieldset>
  );
}
