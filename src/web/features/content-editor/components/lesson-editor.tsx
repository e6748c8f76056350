import { useId } from 'react';
import { lessonTypes } from '../../../../shared/api/catalogue.ts';
import type { LessonDocument } from '../../../../shared/api/content.ts';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { LessonBody } from './lesson-body.ts';
import { PromptsEditor } from './prompts-editor.tsx';
import { VideoFields } from './video-fields.tsx';

interface LessonEditorProps {
  lesson: LessonDocument;
  onChange: (lesson: LessonDocument) => void;
  Body: LessonBody;
}

/** One lesson: its fields, its text in Markdown beside a live preview, its video and prompts. */
export function LessonEditor({ lesson, onChange, Body }: LessonEditorProps) {
  const typeId = useId();
  const set = (change: Partial<LessonDocument>) => onChange({ ...lesson, ...change });
  return (
    <fieldset className="space-y-4">
      <legend className="mb-2 font-display text-xl font-semibold">Lesson: {lesson.title}</legend>
      <TextField
        label="Lesson title"
        required
        maxLength={200}
        value={lesson.title}
        onChange={(event) => set({ title: event.target.value })}
      />
      <TextAreaField
        label="Lesson description"
        rows={2}
        maxLength={2_000}
        value={lesson.description}
        onChange={(event) => set({ description: event.target.value })}
      />
      <div className="flex flex-wrap gap-4">
        <div>
          <label htmlFor={typeId} className="mb-1 block text-sm font-medium text-ink-800">
            Lesson type
          </label>
          <select
            id={typeId}
            value={lesson.type}
            onChange={(event) => set({ type: event.target.value as LessonDocument['type'] })}
            className="rounded-lg border border-ink-600/40 bg-white px-3 py-2.5"
          >
            {lessonTypes.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Duration (minutes)"
          type="number"
          inputMode="numeric"
          min={1}
          required
          value={String(Math.round(lesson.duration / 60))}
          onChange={(event) => set({ duration: Math.round(Number(event.target.value)) * 60 })}
          className="max-w-40"
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <TextAreaField
          label="Lesson text (Markdown)"
          rows={16}
          maxLength={100_000}
          value={lesson.content}
          onChange={(event) => set({ content: event.target.value })}
          className="font-mono text-sm"
        />
        <section
          aria-label="Preview of the lesson text"
          className="rounded-lg border border-ink-600/20 bg-white p-4"
        >
          <h3 className="mb-2 text-sm font-medium text-ink-700">Preview</h3>
          <Body markdown={lesson.content} />
        </section>
      </div>
      <VideoFields lesson={lesson} onChange={onChange} />
      <PromptsEditor
        prompts={lesson.reflectionPrompts}
        onChange={(reflectionPrompts) => set({ reflectionPrompts })}
      />
      <CheckboxField
        label="Free preview: anyone may open this lesson, without an account"
        checked={lesson.preview ?? false}
        onChange={(event) => set({ preview: event.target.checked || undefined })}
      />
      <CheckboxField
        label="Retired: hidden from new learners; the answers already given stay in their workbooks"
        checked={lesson.retired ?? false}
        onChange={(event) => set({ retired: event.target.checked })}
      />
    </fieldset>
  );
}
