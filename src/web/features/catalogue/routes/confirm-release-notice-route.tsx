import { Button } from '../../../components/ui/button.tsx';
import { MailedLinkPage } from '../../../components/ui/mailed-link-page.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { useSearchParams } from '../../../lib/router/router.tsx';
import { useConfirmReleaseNotice } from '../api/confirm-release-notice.ts';

/**
 * The page the link in a "Tell me when it opens" confirmation mail opens. It asks for a click,
 * so that a mail scanner fetching the link confirms nobody.
 */
export function ConfirmReleaseNoticeRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const confirm = useConfirmReleaseNotice();
  return (
    <MailedLinkPage title="Confirm your address">
      {confirm.isSuccess ? (
        <p role="status">{confirm.data.message}</p>
      ) : (
        <>
          <p>Confirm that you want one mail from us when the course opens.</p>
          <Button onClick={() => confirm.mutate(token)} disabled={!token || confirm.isPending}>
            Confirm
          </Button>
          {(confirm.isError || !token) && (
            <p role="alert" className="text-red-800">
              {messageOf(confirm.error, 'This confirmation link is not valid.')}
            </p>
          )}
        </>
      )}
    </MailedLinkPage>
  );
}
