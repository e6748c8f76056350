import { useSearchParams } from '../../../lib/router/router.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { MailedLinkPage } from '../../../components/ui/mailed-link-page.tsx';
import { useUnsubscribeFromNewsletter } from '../api/unsubscribe-from-newsletter.ts';

/**
 * The page the link in every newsletter mail opens. It asks for a click, so that a mail scanner
 * fetching the link does not unsubscribe anyone.
 */
export function UnsubscribeRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const unsubscribe = useUnsubscribeFromNewsletter();
  return (
    <MailedLinkPage title="Unsubscribe from the newsletter">
      {unsubscribe.isSuccess ? (
        <p role="status">You are unsubscribed. You will receive no more newsletters from us.</p>
      ) : (
        <>
          <p>You will receive no more newsletters at this address.</p>
          <Button
            onClick={() => unsubscribe.mutate(token)}
            disabled={!token || unsubscribe.isPending}
          >
            Unsubscribe
          </Button>
          {(unsubscribe.isError || !token) && (
            <p role="alert" className="text-red-800">
              This unsubscribe link is not valid.
            </p>
          )}
        </>
      )}
    </MailedLinkPage>
  );
}
