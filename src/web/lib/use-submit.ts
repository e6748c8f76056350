import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { messageOf } from './api-client.ts';

/** A shared zod schema, or anything that checks values as one does. */
export interface SubmitSchema<Input> {
  safeParse: (values: unknown) => z.ZodSafeParseResult<Input>;
}

export type SubmitMutation<Input, Result> = Pick<
  UseMutationResult<Result, Error, Input>,
  'mutate' | 'isPending'
>;

export interface SubmitOptions<Result> {
  /** The spec's words when the request fails without a reason of the server's. */
  failure: string;
  onSuccess?: (result: Result) => void;
  /** Told once the words are on screen (a toast beside the form's own alert). */
  onFailure?: (message: string) => void;
}

/**
 * The house's one way to send a form (decision 027): check the values with the shared schema,
 * show its first issue, else send them; a failure shows `messageOf`'s words beside the form.
 */
export function useSubmit<Input, Result>(
  schema: SubmitSchema<Input>,
  mutation: SubmitMutation<Input, Result>,
  { failure, onSuccess, onFailure }: SubmitOptions<Result>,
) {
  const [error, setError] = useState('');
  const submit = (values: unknown) => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setError(firstIssue(parsed.error));
      return;
    }
    setError('');
    mutation.mutate(parsed.data, {
      onSuccess,
      onError: (problem) => {
        const message = messageOf(problem, failure);
        setError(message);
        onFailure?.(message);
      },
    });
  };
  return { submit, error, isPending: mutation.isPending };
}

/** The first message of a failed parse of a shared schema. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Please check the form';
}
