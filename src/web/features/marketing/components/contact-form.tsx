import { useState, type FormEvent } from 'react';
import { CONTACT_MESSAGE_MAX_LENGTH } from '../../../../shared/rules/contact-message.ts';
import { NAME_MAX_LENGTH } from '../../../../shared/rules/assessment.ts';
import { EMAIL_MAX_LENGTH } from '../../../../shared/rules/email.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

const SENT = 'Thank you. Your message has reached us, and a person will answer you by email.';
const FAILED = 'Your message could not be sent. Please try again.';

const emptyMessage = { name: '', email: '', message: '' };
type Field = keyof typeof emptyMessage;

/** Writes to the creator: the message waits in the admin panel's Inbox. */
export function ContactForm() {
  const [values, setValues] = useState(emptyMessage);
  const send = useSendContactMessage();
  const fieldErrors = send.error instanceof ApiError ? (send.error.fields ?? {}) : {};
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;

  const change = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    try {
      await send.mutateAsync(values);
      setValues(emptyMessage);
    } catch (failure) {
      // The first field the server found fault with takes focus, so a screen reader reads why.
      const fields = failure instanceof ApiError ? Object.keys(failure.fields ?? {}) : [];
      const first = fields[0] && form.elements.namedItem(fields[0]);
      if (first instanceof HTMLElement) first.focus();
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="contact-form-heading"
      className="mt-6 space-y-3 rounded-2xl bg-white p-6 text-ink-900"
    >
      <h3 id="contact-form-heading" className="font-display text-xl font-bold">
        Write to us
      </h3>
      <TextField
        name="name"
        label="Your name"
        autoComplete="name"
        maxLength={NAME_MAX_LENGTH}
        value={values.name}
        error={fieldErrors.name}
        onChange={change('name')}
      />
      <TextField
        name="email"
        label="Your email address"
        type="email"
        autoComplete="email"
        maxLength={EMAIL_MAX_LENGTH}
        value={values.email}
        error={fieldErrors.email}
        onChange={change('email')}
      />
      <TextAreaField
        name="message"
        label="Your message"
        maxLength={CONTACT_MESSAGE_MAX_LENGTH}
        value={values.message}
        error={fieldErrors.message}
        onChange={change('message')}
      />
      <Button type="submit" disabled={send.isPending}>
        Send message
      </Button>
      <p role="status" className="min-h-6 font-medium text-flame-700">
        {send.isSuccess ? SENT : ''}
      </p>
      {send.isError && !hasFieldErrors && <ErrorAlert error={send.error} fallback={FAILED} />}
    </form>
  );
}
