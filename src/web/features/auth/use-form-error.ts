import { useState } from 'react';
import type { z } from 'zod';
import { firstValidationMessage } from '../../../shared/api/auth.ts';

/**
 * The one error a form shows under its fields. After a submit the form's own rule is checked
 * again as the person types, so a fixed field's message goes at once; the server's answer stays
 * only while the fields are as they were sent.
 */
export function useFormError(schema: z.ZodType, values: object) {
  const [hasSubmitted, setHasSubmitted] = useState(false);
  const [failure, setFailure] = useState<{ message: string; sent: string }>();
  const current = JSON.stringify(values);
  const invalid = hasSubmitted ? firstValidationMessage(schema, values) : undefined;
  return {
    error: invalid ?? (failure?.sent === current ? failure.message : undefined),
    /** On submit: true when the values pass the form's rule. */
    check(): boolean {
      setHasSubmitted(true);
      setFailure(undefined);
      return firstValidationMessage(schema, values) === undefined;
    },
    fail(message: string) {
      setFailure({ message, sent: current });
    },
  };
}
