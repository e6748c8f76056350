import type { AccessEvent, AccountEvent } from '../../../../shared/api/admin.ts';
import { formatAdminDate } from '../../../../shared/rules/admin.ts';

const accountActionText: Record<AccountEvent['action'], string> = {
  'sessions-ended': 'all sessions ended',
  disabled: 'account disabled',
  enabled: 'account enabled',
  'session-cancelled': 'one-to-one session cancelled',
  'meeting-link-changed': "one-to-one session's meeting link changed",
  'outbox-mail-revealed': 'a sign-in link in the Outbox revealed',
};

/** Paced release's actions read as words; grant, revoke and extend read as themselves. */
const actionWords: Partial<Record<AccessEvent['action'], string>> = {
  'open-module': 'opened a module early in',
  'withdraw-opening': 'withdrew the early opening of a module in',
};

/**
 * Every grant, revoke and extension of this user's access, and what admins did to the account
 * itself (sessions ended, disabled, enabled), newest first.
 */
export function AccessTrail({
  events,
  accountEvents,
}: {
  events: AccessEvent[];
  accountEvents: AccountEvent[];
}) {
  const entries = [
    ...events.map((event) => ({
      key: `access-${event.id}`,
      createdAt: event.createdAt,
      text: `${actionWords[event.action] ?? event.action} ${event.courseTitle} (${event.source}${event.actorEmail ? `, by ${event.actorEmail}` : ''}${event.reference ? `, ${event.reference}` : ''})`,
    })),
    ...accountEvents.map((event, index) => ({
      key: `account-${index}`,
      createdAt: event.createdAt,
      text: `${accountActionText[event.action]} (by ${event.actorEmail})`,
    })),
  ].sort((first, second) => second.createdAt.localeCompare(first.createdAt));
  return (
    <details className="rounded-lg border border-ink-600/20 p-4">
      <summary className="cursor-pointer font-display text-lg font-bold">
        Access history ({entries.length})
      </summary>
      {entries.length === 0 ? (
        <p className="mt-3 text-ink-700">No access changes recorded.</p>
      ) : (
        <ol className="mt-3 space-y-1 text-sm">
          {entries.map((entry) => (
            <li key={entry.key}>
              {formatAdminDate(entry.createdAt)}: {entry.text}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
