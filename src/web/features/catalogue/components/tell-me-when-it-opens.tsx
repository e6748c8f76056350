import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { useRequestReleaseNotice } from '../../../lib/release-notice.ts';
import { useSession } from '../../../lib/session.ts';

/** "Tell me when it opens" for a coming-soon course: signed in, the account's address is used. */
export function TellMeWhenItOpens({ courseId }: { courseId: string }) {
  const notice = useRequestReleaseNotice(courseId);
  const session = useSession();
  const [email, setEmail] = useState('');
  const isSignedIn = Boolean(session.data);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    notice.mutate(isSignedIn ? undefined : email.trim());
  };

  if (notice.isSuccess) {
    return (
      <p role="status" className="font-semibold text-green-800">
        {notice.data.message}
      </p>
    );
  }
  return (
    <form
      id="tell-me"
      onSubmit={submit}
      noValidate
      aria-label="Tell me when it opens"
      className="flex flex-wrap items-end gap-3"
    >
      {!isSignedIn && (
        <div className="min-w-56 flex-1">
          <TextField
            label="Your email"
            type="email"
            autoComplete="email"
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
      )}
      <Button type="submit" disabled={notice.isPending}>
        Tell me when it opens
      </Button>
      {notice.isError && (
        <div className="w-full">
          <ErrorAlert>
            {messageOf(notice.error, 'Your request could not be sent. Please try again.')}
          </ErrorAlert>
        </div>
      )}
    </form>
  );
}
