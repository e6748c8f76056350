/** One on/off preference, as a switch that says its state to screen readers. */
export function ToggleRow({
  label,
  description,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = `toggle-${label.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div>
        <p id={id} className="font-semibold text-ink-900">
          {label}
        </p>
        <p className="text-sm text-ink-700">{description}</p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={id}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative h-7 w-12 shrink-0 rounded-full transition-colors disabled:opacity-60 ${checked ? 'bg-flame-600' : 'bg-ink-600/40'}`}
      >
        <span
          aria-hidden="true"
          className={`absolute top-1 h-5 w-5 rounded-full bg-white shadow transition-all ${checked ? 'left-6' : 'left-1'}`}
        />
      </button>
    </div>
  );
}
