import { useState, type FormEvent } from 'react';
import {
  MAX_SYSTEM_PROMPT_CHARS,
  type AdminSystemPrompt,
  type AdminSystemPrompts,
  type SystemPromptKind,
} from '../../../../shared/api/companion.ts';
import { formatDateTime } from '../../../../shared/rules/dates.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ChangesTable } from '../../../components/ui/changes-table.tsx';
import { SaveRefusedAlert } from '../../../components/ui/save-refused-alert.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { saveRefusalOf } from '../../../lib/save-refusal.ts';
import { useEditSystemPrompt, useSystemPrompts } from '../api/system-prompts.ts';
import { notify } from '../../../lib/notify.ts';

const promptNames: Record<SystemPromptKind, { name: string; use: string }> = {
  general: { name: 'General', use: "The companion's chat with a learner beside a lesson." },
  assessment: { name: 'Assessment', use: "Reading the feeling in a learner's reflection." },
  guidance: { name: 'Guidance', use: 'Suggestions to deepen a reflection, and patterns seen.' },
};

/** Spec 2 §3's aiSystemPrompts (assessment, general, guidance), each with its default to hand. */
export function PromptsTab() {
  const prompts = useSystemPrompts();
  const edit = useEditSystemPrompt();
  return (
    <div className="space-y-8">
      <section aria-labelledby="ai-prompts" className="space-y-4">
        <h2 id="ai-prompts" className="font-display text-2xl font-bold">
          AI Prompts
        </h2>
        <p className="max-w-prose text-ink-700">
          What the AI companion is told before it answers. The safety response to words of crisis is
          not one of these prompts: it is fixed, with the helpline, and no prompt can change or
          remove it.
        </p>
        {prompts.isPending && <p>Loading prompts...</p>}
        {prompts.isError && <ErrorAlert>Failed to load the prompts</ErrorAlert>}
        {prompts.data?.prompts.map((prompt) => (
          // A new version (saved here or by another admin) starts the form again from it.
          <PromptForm
            key={`${prompt.kind}-${prompt.version}`}
            prompt={prompt}
            edit={edit}
            // The refusal belongs to the version it was made on: the newer one starts clean.
            onReload={() => {
              edit.reset();
              void prompts.refetch();
            }}
          />
        ))}
      </section>
      {prompts.data && <PromptChanges changes={prompts.data.changes} />}
    </div>
  );
}

interface PromptFormProps {
  prompt: AdminSystemPrompt;
  edit: ReturnType<typeof useEditSystemPrompt>;
  onReload: () => void;
}

function PromptForm({ prompt, edit, onReload }: PromptFormProps) {
  const [text, setText] = useState(prompt.text);
  const { name, use } = promptNames[prompt.kind];
  const mine = edit.variables?.kind === prompt.kind ? edit.error : null;
  const { fieldError } = saveRefusalOf(mine, `Failed to save the ${name} prompt`);

  const send = (next: string | null, done: string) =>
    edit.mutate(
      { kind: prompt.kind, version: prompt.version, text: next },
      {
        onSuccess: () => notify.area.success(done),
        onError: (error) => notify.area.failure(`Failed to save the ${name} prompt`, error),
      },
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(text, `${name} prompt saved`);
  };

  return (
    <form onSubmit={submit} className="space-y-3 rounded-xl border border-ink-600/20 bg-white p-5">
      <h3 className="font-display text-xl font-semibold">{name}</h3>
      <p className="text-sm text-ink-700">
        {use}{' '}
        {prompt.isDefault
          ? 'The default.'
          : `Changed by ${prompt.updatedBy ?? 'an admin'}${
              prompt.updatedAt ? ` on ${formatDateTime(prompt.updatedAt)}` : ''
            }.`}
      </p>
      <TextAreaField
        label={`${name} prompt`}
        rows={8}
        required
        maxLength={MAX_SYSTEM_PROMPT_CHARS}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={fieldError}
      />
      <SaveRefusedAlert error={mine} reloadLabel="Reload prompts" onReload={onReload} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={edit.isPending} aria-label={`Save the ${name} prompt`}>
          Save
        </Button>
        <Button
          variant="secondary"
          disabled={edit.isPending || prompt.isDefault}
          aria-label={`Restore the default ${name} prompt`}
          onClick={() => send(null, `${name} prompt restored to its default`)}
        >
          Restore default
        </Button>
      </div>
    </form>
  );
}

function PromptChanges({ changes }: { changes: AdminSystemPrompts['changes'] }) {
  return (
    <ChangesTable
      title="Prompt changes"
      columns={['Prompt', 'Change']}
      changes={changes.map((change) => ({
        ...change,
        cells: [promptNames[change.kind].name, change.action],
      }))}
    />
  );
}
