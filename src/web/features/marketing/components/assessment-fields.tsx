import { useId, type ReactNode } from 'react';
import { ANSWER_MAX_LENGTH } from '../../../../shared/rules/assessment.ts';

interface AnswerFieldProps {
  label: string;
  hint?: string;
  isRequired?: boolean;
  value: string;
  onChange: (value: string) => void;
}

/** A written answer: a few lines to begin with, growing room for more. */
export function AnswerField({
  label,
  hint,
  isRequired = false,
  value,
  onChange,
}: AnswerFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-ink-900">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-ink-700">
          {hint}
        </p>
      )}
      <textarea
        id={id}
        rows={4}
        required={isRequired}
        maxLength={ANSWER_MAX_LENGTH}
        aria-describedby={hint ? hintId : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="mt-2 w-full resize-y rounded-lg border border-ink-600/40 bg-white px-3 py-2.5 text-ink-900 focus:border-flame-600"
      />
    </div>
  );
}

interface ChoiceProps {
  type: 'radio' | 'checkbox';
  name: string;
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
  children: ReactNode;
}

export function Choice({ type, name, isChecked, onChange, children }: ChoiceProps) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-ink-600/25 px-4 py-3 text-ink-800 hover:border-flame-600 has-checked:border-flame-600 has-checked:bg-flame-50">
      <input
        type={type}
        name={name}
        checked={isChecked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-1 h-4 w-4 shrink-0 accent-flame-600"
      />
      {children}
    </label>
  );
}

export function ChoiceGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="font-medium text-ink-900">{legend}</legend>
      <div className="mt-3 space-y-2">{children}</div>
    </fieldset>
  );
}
