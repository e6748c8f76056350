import { useState } from 'react';
import type { ReflectionPromptDocument } from '../../../../shared/api/content.ts';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { idFrom, moveItem, updateAt } from '../document-edits.ts';
import { ReorderList } from './reorder-list.tsx';

interface PromptsEditorProps {
  prompts: readonly ReflectionPromptDocument[];
  onChange: (prompts: ReflectionPromptDocument[]) => void;
}

/**
 * A lesson's reflection prompts. A prompt learners answered cannot be removed (the server says
 * so): it is retired, hidden from new learners while its answers stay in their workbooks.
 */
export function PromptsEditor({ prompts, onChange }: PromptsEditorProps) {
  const [question, setQuestion] = useState('');
  const add = () => {
    const id = idFrom(
      question,
      prompts.map((prompt) => prompt.id),
    );
    onChange([...prompts, { id, question: question.trim(), isRequired: true }]);
    setQuestion('');
  };
  const change = (index: number, next: Partial<ReflectionPromptDocument>) =>
    onChange(updateAt(prompts, index, (prompt) => ({ ...prompt, ...next })));
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 font-semibold text-ink-900">Reflection prompts</legend>
      <ReorderList
        items={prompts}
        label="Reflection prompts"
        keyOf={(prompt) => prompt.id}
        nameOf={(prompt) => `the prompt “${prompt.question.slice(0, 40)}”`}
        onMove={(from, to) => onChange(moveItem(prompts, from, to))}
        renderItem={(prompt, index) => (
          <div className="space-y-2">
            <TextAreaField
              label={`Question ${index + 1}${prompt.retired ? ' (retired)' : ''}`}
              rows={2}
              maxLength={1_000}
              value={prompt.question}
              onChange={(event) => change(index, { question: event.target.value })}
            />
            <div className="flex flex-wrap items-center gap-3">
              <CheckboxField
                label="Required"
                checked={prompt.isRequired}
                onChange={(event) => change(index, { isRequired: event.target.checked })}
              />
              <Button
                variant="secondary"
                className="px-3 py-1 text-sm"
                aria-label={`${prompt.retired ? 'Bring back' : 'Retire'} question ${index + 1}`}
                onClick={() => change(index, { retired: !prompt.retired })}
              >
                {prompt.retired ? 'Bring back' : 'Retire'}
              </Button>
              <Button
                variant="ghost"
                className="px-3 py-1 text-sm"
                aria-label={`Remove question ${index + 1}`}
                onClick={() => onChange(prompts.filter((_, at) => at !== index))}
              >
                Remove
              </Button>
            </div>
          </div>
        )}
      />
      <div className="flex flex-wrap items-end gap-2">
        <TextAreaField
          label="New question"
          rows={2}
          maxLength={1_000}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          className="min-w-64 flex-1"
        />
        <Button variant="secondary" disabled={question.trim() === ''} onClick={add}>
          Add question
        </Button>
      </div>
    </fieldset>
  );
}
