import { Eye, EyeOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { TextField, type TextFieldProps } from '../../../components/ui/text-field.tsx';

/** A password input with a show/hide toggle. */
export function PasswordField(
  props: Omit<TextFieldProps, 'type' | 'trailing'> & { hint?: ReactNode },
) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setIsVisible((visible) => !visible)}
          aria-label={isVisible ? 'Hide password' : 'Show password'}
          aria-pressed={isVisible}
          className="rounded p-1 text-ink-700 hover:text-ink-900"
        >
          {isVisible ? (
            <EyeOff className="h-5 w-5" aria-hidden="true" />
          ) : (
            <Eye className="h-5 w-5" aria-hidden="true" />
          )}
        </button>
      }
    />
  );
}
