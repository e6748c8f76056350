import {
  notificationSwitchLabels,
  switchOfUnsubscribeToken,
} from '../../../../shared/rules/account.ts';
import { Button } from '../../../components/ui/button.tsx';
import { MailedLinkPage } from '../../../components/ui/mailed-link-page.tsx';
import { paths } from '../../../lib/paths.ts';
import { Link, useSearchParams } from '../../../lib/router/router.tsx';
import { useNotificationUnsubscribe } from '../api/notification-unsubscribe.ts';

/**
 * The page the unsubscribe link of a course mail opens. It asks for a click, so that a mail
 * scanner following the link turns nothing off; mail providers' one-click button posts directly.
 */
export function NotificationUnsubscribeRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const switchName = switchOfUnsubscribeToken(token);
  const label = switchName ? notificationSwitchLabels[switchName] : null;
  const unsubscribe = useNotificationUnsubscribe();
  return (
    <MailedLinkPage title={label ? `Turn off ${label}` : 'Unsubscribe'}>
      {unsubscribe.isSuccess ? (
        <p role="status">
          {label} is off. You can turn it on again in your{' '}
          <Link to={`${paths.settings}?tab=notifications`} className="underline">
            Settings
          </Link>
          .
        </p>
      ) : (
        <>
          {label && (
            <p>
              {switchName === 'email_notifications'
                ? 'We will send no more email about your courses. Receipts and password resets still come: they are part of your account.'
                : `We will send no more ${label} email. Your other choices stay as they are.`}
            </p>
          )}
          <Button
            onClick={() => unsubscribe.mutate(token)}
            disabled={!label || unsubscribe.isPending}
          >
            {label ? `Turn off ${label}` : 'Unsubscribe'}
          </Button>
          {(unsubscribe.isError || !label) && (
            <p role="alert" className="text-red-800">
              This unsubscribe link is not valid.
            </p>
          )}
        </>
      )}
    </MailedLinkPage>
  );
}
