import { Check, X } from 'lucide-react';
import { Section } from './section.tsx';

const ready = [
  'You sense there is more power in you than your life currently shows',
  'You are willing to take full responsibility for your patterns and your choices',
  'You can stay with discomfort long enough to learn from it',
  'You want transformation more than you want comfort',
];

const notReady = [
  'You are looking for someone to fix you or tell you who to be',
  'You want quick results without doing the inner work',
  'You hold others responsible for where your life is now',
  'You need urgent professional support right now: reach for that first, and come back when you are steadier',
];

export function ThresholdSection({ onBeginAssessment }: { onBeginAssessment: () => void }) {
  return (
    <Section
      id="threshold"
      eyebrow="Before you enter"
      title="The Threshold"
      intro="This work is not for everyone, and it is not meant to be. Be honest with yourself about where you stand today."
    >
      <div className="grid gap-6 md:grid-cols-2">
        <div className="rounded-2xl border border-flame-600/20 bg-white p-8 shadow-sm">
          <h3 className="font-display text-2xl font-bold">You are ready if</h3>
          <ul className="mt-6 space-y-4">
            {ready.map((line) => (
              <li key={line} className="flex gap-3 text-ink-800">
                <Check aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-flame-600" />
                {line}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl border border-ink-600/20 bg-night p-8 text-on-night shadow-sm">
          <h3 className="font-display text-2xl font-bold">You are not ready if</h3>
          <ul className="mt-6 space-y-4">
            {notReady.map((line) => (
              <li key={line} className="flex gap-3 text-on-night/90">
                <X aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-on-night-accent" />
                {line}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="mt-10 text-center">
        <button
          type="button"
          className="rounded-full border-2 border-flame-600 px-6 py-3 font-semibold text-flame-700 transition-colors hover:bg-flame-600 hover:text-white"
          onClick={onBeginAssessment}
        >
          I Am Ready to Be Assessed
        </button>
      </div>
    </Section>
  );
}
