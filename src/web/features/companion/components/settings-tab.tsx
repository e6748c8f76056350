import { useState } from 'react';
import { toast } from 'react-hot-toast';
import type { CompanionSettings } from '../../../../shared/api/companion.ts';
import {
  typingSpeedLabels,
  typingSpeeds,
  type TypingSpeed,
} from '../../../../shared/rules/companion.ts';
import { useUpdateCompanionSettings } from '../api/companion-settings.ts';

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
        toast.error('Failed to save settings');
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
              When on, your chat messages, your reflections and the lesson you are on are sent to
              our AI service provider to write replies, suggestions and patterns. When off, nothing
              you write leaves our server, and the companion answers with built-in guidance.
            </span>
          </span>
        </label>
      </div>
    </div>
  );
}
