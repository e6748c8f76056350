import { useId, useState, type FormEvent } from 'react';
import type { MoodPoint } from '../../../../shared/api/companion.ts';
import { learnerEmotions, type LearnerEmotion } from '../../../../shared/rules/companion.ts';
import { Button } from '../../../components/ui/button.tsx';

export interface MoodReadingsProps {
  moods: MoodPoint[];
  /** Replaces a reading with the learner's own feeling and sentiment. */
  correct: (id: string, reading: { primary: LearnerEmotion; sentiment: number }) => Promise<void>;
  /** "This reading is wrong": the reading leaves the chart. */
  hide: (id: string) => Promise<void>;
}

/** Each reading of the chart in words, with the learner's controls to correct or hide it. */
export function MoodReadings({ moods, correct, hide }: MoodReadingsProps) {
  // Closed at first, so that a long journey does not push the patterns out of sight.
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-semibold text-ink-800">
        Check or correct each reading
      </summary>
      <ol className="mt-2 space-y-2" aria-label="Readings of your reflections">
        {moods.map((mood, index) => (
          <MoodReading
            key={mood.id}
            mood={mood}
            number={index + 1}
            correct={(reading) => correct(mood.id, reading)}
            hide={() => hide(mood.id)}
          />
        ))}
      </ol>
    </details>
  );
}

function MoodReading({
  mood,
  number,
  correct,
  hide,
}: {
  mood: MoodPoint;
  number: number;
  correct: (reading: { primary: LearnerEmotion; sentiment: number }) => Promise<void>;
  hide: () => Promise<void>;
}) {
  const [isEditing, setIsEditing] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const formId = useId();
  const name = `reflection ${number}`;
  const run = async (action: () => Promise<void>) => {
    setIsBusy(true);
    try {
      await action();
      setIsEditing(false);
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <li className="rounded-lg border border-ink-600/20 bg-white p-3">
      <p className="text-ink-800">
        <span className="font-semibold">Reflection {number}:</span> {describeMood(mood)}
        {mood.isCorrected && <span className="text-ink-700"> (your reading)</span>}
      </p>
      <div className="mt-1 flex flex-wrap gap-1">
        <Button
          variant="ghost"
          className="px-2 py-1 text-sm"
          aria-expanded={isEditing}
          aria-controls={formId}
          aria-label={`Correct the reading of ${name}`}
          onClick={() => setIsEditing((open) => !open)}
        >
          Correct
        </Button>
        <Button
          variant="ghost"
          className="px-2 py-1 text-sm"
          aria-label={`This reading is wrong: hide the reading of ${name}`}
          disabled={isBusy}
          onClick={() => void run(hide).catch(() => {})}
        >
          This reading is wrong
        </Button>
      </div>
      {isEditing && (
        <CorrectionForm
          id={formId}
          name={name}
          mood={mood}
          isBusy={isBusy}
          submit={(reading) => run(() => correct(reading))}
          cancel={() => setIsEditing(false)}
        />
      )}
    </li>
  );
}

function CorrectionForm({
  id,
  name,
  mood,
  isBusy,
  submit,
  cancel,
}: {
  id: string;
  name: string;
  mood: MoodPoint;
  isBusy: boolean;
  submit: (reading: { primary: LearnerEmotion; sentiment: number }) => Promise<void>;
  cancel: () => void;
}) {
  const [primary, setPrimary] = useState<LearnerEmotion>(asLearnerEmotion(mood.primary));
  // Text, not a number: a controlled number input would turn the "-" of "-5" into 0.
  const [sentiment, setSentiment] = useState(String(mood.sentiment));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(sentiment);
    if (!Number.isInteger(value) || value < -10 || value > 10) return;
    void submit({ primary, sentiment: value }).catch(() => {});
  };
  return (
    <form
      id={id}
      aria-label={`Your reading of ${name}`}
      className="mt-2 space-y-2"
      onSubmit={onSubmit}
    >
      <label className="block">
        <span className="text-ink-800">How did you feel?</span>
        <select
          className="mt-1 block w-full rounded-md border border-ink-600/40 px-2 py-1"
          value={primary}
          onChange={(event) => setPrimary(event.target.value as LearnerEmotion)}
        >
          {learnerEmotions.map((emotion) => (
            <option key={emotion} value={emotion}>
              {emotion}
            </option>
          ))}
        </select>
      </label>
      <label className="block">
        <span className="text-ink-800">Sentiment, from -10 (heavy) to 10 (bright)</span>
        <input
          type="number"
          min={-10}
          max={10}
          step={1}
          required
          className="mt-1 block w-24 rounded-md border border-ink-600/40 px-2 py-1"
          value={sentiment}
          onChange={(event) => setSentiment(event.target.value)}
        />
      </label>
      <div className="flex gap-2">
        <Button type="submit" className="px-3 py-1.5 text-sm" disabled={isBusy}>
          Save my reading
        </Button>
        <Button variant="ghost" className="px-3 py-1.5 text-sm" onClick={cancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function describeMood(mood: MoodPoint): string {
  const feeling = mood.secondary ? `${mood.primary}, ${mood.secondary}` : mood.primary;
  const sign = mood.sentiment > 0 ? '+' : '';
  return `${feeling}, intensity ${mood.intensity}, sentiment ${sign}${mood.sentiment}`;
}

const asLearnerEmotion = (primary: string): LearnerEmotion =>
  learnerEmotions.find((emotion) => emotion === primary) ?? 'reflective';
