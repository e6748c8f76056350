import { useState } from 'react';
import { notify } from '../../../lib/notify.ts';
import type { CompanionSettings } from '../../../../shared/api/companion.ts';
import {
  typingSpeedLabels,
  typingSpeeds,
  type TypingSpeed,
} from '../../../../shared/rules/companion.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useUpdateCompanionSettings } from '../api/companion-settings.ts';
import { AiNotice, aiServiceReceives, useAiNoticeDeferral } from './ai-notice.tsx';
import { formatDate } from '../../../../shared/rules/dates.ts';

const speeds = Object.keys(typingSpeeds) as TypingSpeed[];

/** Typing Speed, and whether the learner's words may go to the AI service. */
export function SettingsTab({ settings }: { settings: CompanionSettings }) {
  const update = useUpdateCompanionSettings();
  // The controls answer at once; a failed save puts them back.
  const [typingSpeed, setTypingSpeed] = useState(settings.typingSpeed);
  const [isAiEnabled, setAiEnabled] = useState(settings.isAiEnabled);
  const save = (input: Parameters<typeof update.mutate>[0]) =>
    update.mutate(input, {
      onError: () => {
        setTypingSpeed(settings.typingSpeed);
        setAiEnabled(settings.isAiEnabled);
        notify.site.error('Failed to save settings');
      },
    });

  return (
    <div className="space-y-6 overflow-y-auto p-4">
      <fieldset>
        <legend className="font-display font-semibold text-ink-900">Typing Speed</legend>
        <div className="mt-2 space-y-2">
          {speeds.map((speed) => (
            <label key={speed} className="flex items-center gap-2 text-sm text-ink-800">
              <input
                type="radio"
                name="typing-speed"
                value={speed}
                checked={typingSpeed === speed}
                onChange={() => {
                  setTypingSpeed(speed);
                  save({ typingSpeed: speed });
                }}
                className="h-4 w-4 accent-flame-600"
              />
              {typingSpeedLabels[speed]} ({typingSpeeds[speed]} ms per character)
              {speed === 'medium' && ' (default)'}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label className="flex items-start gap-2 text-sm text-ink-800">
          <input
            type="checkbox"
            checked={isAiEnabled}
            onChange={(event) => {
              setAiEnabled(event.target.checked);
              save({ isAiEnabled: event.target.checked });
            }}
            className="mt-0.5 h-4 w-4 accent-flame-600"
          />
          <span>
            <span className="font-semibold text-ink-900">Use the AI service</span>
            <span className="block text-ink-700">
              When on, and once you have accepted the AI notice, {aiServiceReceives} are sent to{' '}
              {settings.aiNotice?.provider ?? 'our AI service provider'} to write replies,
              suggestions and patterns. When off, nothing you write leaves our server, and the
              companion answers with built-in guidance.
            </span>
          </span>
        </label>
      </div>
      {settings.aiNotice && <AiConsent notice={settings.aiNotice} />}
    </div>
  );
}

/** The learner's consent to the AI notice: given here if not yet, and withdrawn here. */
function AiConsent({ notice }: { notice: NonNullable<CompanionSettings['aiNotice']> }) {
  const update = useUpdateCompanionSettings();
  const deferral = useAiNoticeDeferral();
  if (!notice.acceptedAt) return <AiNotice notice={notice} />;
  const withdraw = () =>
    update.mutate(
      { acceptedAiNotice: null },
      {
        // A learner who has just said no is not asked again at the top of the panel this visit.
        onSuccess: () => {
          deferral.defer();
          notify.site.success(
            `Consent withdrawn: nothing you write is sent to ${notice.provider}.`,
          );
        },
        onError: () => notify.site.error('Failed to save settings'),
      },
    );
  return (
    <section aria-labelledby="ai-consent-heading">
      <h3 id="ai-consent-heading" className="font-display font-semibold text-ink-900">
        Your consent to the AI notice
      </h3>
      <p className="mt-1 text-sm text-ink-700">
        On {formatDate(notice.acceptedAt)} you accepted that {aiServiceReceives} are sent to{' '}
        {notice.provider} (model {notice.model}). Withdraw it and nothing you write leaves our
        server; the companion then answers with built-in guidance.
      </p>
      <Button variant="secondary" className="mt-2" onClick={withdraw} disabled={update.isPending}>
        Withdraw consent
      </Button>
    </section>
  );
}
