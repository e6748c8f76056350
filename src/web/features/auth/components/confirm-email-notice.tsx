import { notify } from '../../../lib/notify.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useSession } from '../../../lib/session.ts';
import { useSendConfirmationEmail } from '../api/send-confirmation-email.ts';
import { messageOf } from '../../../lib/api-client.ts';
import { authMessages } from '../../../../shared/rules/auth.ts';

/**
 * For a signed-in learner who has not opened the link mailed at sign-up: where it went, what it
 * is for (what is kept under the address, and invitations to it), and a way to have it sent again.
 */
export function ConfirmEmailNotice() {
  const { data: user } = useSession();
  if (!user || user.emailVerified) return null;
  return <ConfirmEmailRequest email={user.email} />;
}

/** The request for a new link to `email`; also what the confirm-email page offers. */
export function ConfirmEmailRequest({ email }: { email: string }) {
  const sendLink = useSendConfirmationEmail();
  const send = () =>
    sendLink.mutate(email, {
      onSuccess: () => notify.site.success(`A new link is on its way to ${email}.`),
      onError: (error) => notify.site.error(messageOf(error, authMessages.unexpected)),
    });
  return (
    <section
      aria-labelledby="confirm-email-heading"
      className="rounded-xl border border-flame-500/40 bg-white px-5 py-4"
    >
      <h2 id="confirm-email-heading" className="font-display text-lg font-bold">
        Please confirm your email address
      </h2>
      <p className="mt-1 text-ink-800">
        We sent a link to {email} when you registered. Open it to confirm that the address is yours:
        then you can download or delete what we keep under it, and accept an invitation sent to it.
        The link works for 24 hours.
      </p>
      <Button className="mt-3" onClick={send} disabled={sendLink.isPending}>
        {sendLink.isPending ? 'Sending...' : 'Send the link again'}
      </Button>
    </section>
  );
}
