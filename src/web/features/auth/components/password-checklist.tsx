import { Check, Circle } from 'lucide-react';
import { passwordChecklist } from '../../../../shared/api/auth.ts';

export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  return (
    <ul id={id} aria-label="Password requirements" className="mt-2 space-y-1 text-sm">
      {passwordChecklist.map((rule) => {
        const isMet = rule.isMet(password);
        return (
          <li
            key={rule.label}
            className={`flex items-center gap-2 ${isMet ? 'text-green-800' : 'text-ink-700'}`}
          >
            {isMet ? (
              <Check className="h-4 w-4" aria-hidden="true" />
            ) : (
              <Circle className="h-3 w-3" aria-hidden="true" />
            )}
            <span>
              {rule.label}
              <span className="sr-only">{isMet ? ' (met)' : ' (not met)'}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
