import { Button } from '../../../components/ui/button.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
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
    <div className="min-h-screen">
      <header className="border-b border-ink-600/20 bg-white px-6 py-4">
        <Logo />
      </header>
      <main className="mx-auto max-w-xl space-y-4 px-6 py-10">
        <h1 className="font-display text-3xl font-bold">Confirm your address</h1>
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
      </main>
    </div>
  );
}
