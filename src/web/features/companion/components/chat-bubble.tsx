import type { ReactNode } from 'react';

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
