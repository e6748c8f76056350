import { useState, type FormEvent } from 'react';
import { EMAIL_MAX_LENGTH, emailProblem } from '../../../../shared/rules/email.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useSubscribeToNewsletter } from '../api/subscribe-to-newsletter.ts';
import { fieldErrorOf, messageOf } from '../../../lib/api-client.ts';

const SUBSCRIBED = 'Thank you for subscribing to our sacred wisdom.';
const FAILED = 'Something went wrong. Please try again.';

export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const subscribe = useSubscribeToNewsletter();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const emailField = event.currentTarget.elements.namedItem('email') as HTMLInputElement;
    setError(undefined);
    // The server's own rule, checked here first: a mistyped address needs no round trip.
    const problem = emailProblem(email);
    if (problem) {
      setError(problem);
      emailField.focus();
      return;
    }
    try {
      await subscribe.mutateAsync({ email });
      setEmail('');
    } catch (failure) {
      setError(fieldErrorOf(failure) ?? messageOf(failure, FAILED));
      // The field now describes its error; focus makes a screen reader read it.
      emailField.focus();
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="newsletter-heading"
      className="rounded-2xl bg-white p-6 text-ink-900 sm:p-8"
    >
      <h2 id="newsletter-heading" className="font-display text-2xl font-bold">
        Receive Sacred Wisdom
      </h2>
      <p className="mt-2 text-ink-700">
        Reflections for the path, and first word when the podcast and the book arrive.
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          name="email"
          label="Email address"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          value={email}
          error={error}
          onChange={(e) => setEmail(e.target.value)}
          className="flex-1"
        />
        <Button type="submit" className="sm:mt-6" disabled={subscribe.isPending}>
          Subscribe
        </Button>
      </div>
      <p role="status" className="mt-3 min-h-6 font-medium text-flame-700">
        {subscribe.isSuccess ? SUBSCRIBED : ''}
      </p>
    </form>
  );
}
