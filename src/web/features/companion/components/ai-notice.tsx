import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { notify } from '../../../lib/notify.ts';
import type { CompanionSettings } from '../../../../shared/api/companion.ts';
import { messageOf } from '../../../lib/api-client.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  companionSettingsQueryKey,
  useUpdateCompanionSettings,
} from '../api/companion-settings.ts';

type Notice = NonNullable<CompanionSettings['aiNotice']>;

/** What the AI service is sent, in the words of the notice, the Settings tab and the privacy page. */
export const aiServiceReceives =
  'your chat messages, the reflections you save, the drafts you ask for a suggestion on (or that are sent for one when you pause while writing), and the lesson you are on';

/**
 * The notice a learner accepts before anything they write is sent to the AI service (issue 19:
 * consent before the first byte leaves). Not now keeps the built-in guidance.
 */
export function AiNotice({
  notice,
  onAccepted,
  onNotNow,
  headingLevel = 3,
}: {
  notice: Notice;
  onAccepted?: () => void;
  onNotNow?: () => void;
  headingLevel?: 2 | 3 | 4;
}) {
  const accept = useAcceptAiNotice();
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      aria-label="AI notice"
      className="rounded-lg border border-flame-500/40 bg-flame-50 p-3 text-sm text-ink-800"
    >
      <Heading className="font-display font-semibold text-ink-900">
        Before the AI companion reads what you write
      </Heading>
      <p className="mt-1">
        The companion&apos;s AI replies, suggestions and patterns come from{' '}
        <strong>{notice.provider}</strong>, using the model <strong>{notice.model}</strong>. If you
        accept, it is sent {aiServiceReceives}. Until you accept, nothing you write leaves our
        server and the companion answers with built-in guidance. You can withdraw your consent at
        any time in the companion&apos;s Settings.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button onClick={() => accept(notice, onAccepted)}>Accept</Button>
        {onNotNow && (
          <Button variant="ghost" onClick={onNotNow}>
            Not now
          </Button>
        )}
      </div>
    </section>
  );
}

/** Accepts the notice as it was shown; a notice changed meanwhile is shown again. */
function useAcceptAiNotice() {
  const queryClient = useQueryClient();
  const update = useUpdateCompanionSettings();
  return ({ provider, model }: Notice, onAccepted?: () => void) =>
    update.mutate(
      { acceptedAiNotice: { provider, model } },
      {
        onSuccess: () => onAccepted?.(),
        onError: (error) => {
          notify.site.error(messageOf(error, 'Failed to save settings'));
          void queryClient.invalidateQueries({ queryKey: companionSettingsQueryKey });
        },
      },
    );
}

const deferralKey = 'companion:ai-notice-not-now';
const listeners = new Set<() => void>();

/** Not now holds for this visit (the tab's session), in the panel and every reflection card. */
export function useAiNoticeDeferral(): {
  isDeferred: boolean;
  defer: () => void;
  undo: () => void;
} {
  const isDeferred = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => readDeferral(),
    () => false,
  );
  const write = (value: boolean) => {
    try {
      if (value) sessionStorage.setItem(deferralKey, '1');
      else sessionStorage.removeItem(deferralKey);
    } catch {
      // Storage refused (private mode): Not now then lasts until the page is left.
      memoryDeferral = value;
    }
    for (const listener of listeners) listener();
  };
  return { isDeferred, defer: () => write(true), undo: () => write(false) };
}

let memoryDeferral = false;

function readDeferral(): boolean {
  try {
    return sessionStorage.getItem(deferralKey) === '1' || memoryDeferral;
  } catch {
    return memoryDeferral;
  }
}
