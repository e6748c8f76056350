import type { ReactNode } from 'react';
import type { SafetyConcern } from '../../../../shared/rules/companion.ts';
import { SafetyHelpCard } from './safety-help.tsx';

export function ChatBubble({ sender, children }: { sender: 'ai' | 'user'; children: ReactNode }) {
  const isAi = sender === 'ai';
  return (
    <li className={`flex ${isAi ? 'justify-start' : 'justify-end'}`}>
      <p
        className={`max-w-[85%] rounded-2xl px-3.5 py-2.5 text-sm leading-relaxed whitespace-pre-wrap ${
          isAi ? 'bg-flame-50 text-ink-900' : 'bg-ink-700 text-white'
        }`}
      >
        <span className="sr-only">{isAi ? 'AI companion: ' : 'You: '}</span>
        {children}
      </p>
    </li>
  );
}

/** The reply to words of risk: whole at once, never typed out, in the help's own look. */
export function SafetyBubble({
  content,
  concern,
  isAlert,
}: {
  content: string;
  concern: SafetyConcern | null;
  isAlert: boolean;
}) {
  return (
    <li className="flex justify-start">
      <div className="w-full max-w-[95%]">
        <SafetyHelpCard message={content} concern={concern ?? undefined} isAlert={isAlert} />
      </div>
    </li>
  );
}
