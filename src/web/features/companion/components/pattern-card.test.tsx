import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Pattern } from '../../../../shared/api/companion.ts';
import { PatternCard } from './pattern-card.tsx';

const pattern: Pattern = {
  id: 'p1',
  title: '“energy” keeps returning',
  description: 'You wrote about “energy” in 2 of your last 3 reflections.',
  suggestions: ['Notice when it comes up in your day this week.'],
  type: 'insight',
  timestamp: '2026-11-24T10:00:00.000Z',
  evidence: [
    {
      reflectionId: 'r1',
      lessonTitle: 'What Energy Sovereignty Means',
      question: 'What is asking to change in how you spend your energy right now?',
    },
    {
      reflectionId: 'r2',
      lessonTitle: 'Noticing Your Leaks',
      question: 'Where did your energy go today that you did not choose?',
    },
  ],
};

describe('a pattern card', () => {
  it('names the reflections the pattern rests on, by lesson and question', () => {
    render(<PatternCard pattern={pattern} dismiss={vi.fn()} />);
    const evidence = within(screen.getByRole('list', { name: 'Based on your reflections' }));
    expect(evidence.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'What Energy Sovereignty Means: “What is asking to change in how you spend your energy right now?”',
      'Noticing Your Leaks: “Where did your energy go today that you did not choose?”',
    ]);
  });

  it('lets the learner dismiss it', async () => {
    const user = userEvent.setup();
    const dismiss = vi.fn(() => Promise.resolve());
    render(<PatternCard pattern={pattern} dismiss={dismiss} />);
    await user.click(
      screen.getByRole('button', { name: 'Dismiss the pattern ““energy” keeps returning”' }),
    );
    expect(dismiss).toHaveBeenCalledOnce();
  });
});
