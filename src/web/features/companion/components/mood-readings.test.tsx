import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MoodPoint } from '../../../../shared/api/companion.ts';
import { MoodReadings } from './mood-readings.tsx';

const mood = (id: string, overrides: Partial<MoodPoint> = {}): MoodPoint => ({
  id,
  lessonId: 'what-energy-sovereignty-means',
  timestamp: '2026-11-24T10:00:00.000Z',
  primary: 'hopeful',
  secondary: null,
  intensity: 6,
  sentiment: 6,
  isCorrected: false,
  ...overrides,
});

describe('the readings under the mood chart', () => {
  it('let the learner replace a reading with their own feeling and sentiment', async () => {
    const user = userEvent.setup();
    const correct = vi.fn(() => Promise.resolve());
    render(<MoodReadings moods={[mood('a'), mood('b')]} correct={correct} hide={vi.fn()} />);

    await user.click(screen.getByRole('button', { name: 'Correct the reading of reflection 2' }));
    const form = screen.getByRole('form', { name: 'Your reading of reflection 2' });
    await user.selectOptions(within(form).getByLabelText('How did you feel?'), 'sad');
    const sentiment = within(form).getByLabelText('Sentiment, from -10 (heavy) to 10 (bright)');
    await user.clear(sentiment);
    await user.type(sentiment, '-5');
    await user.click(within(form).getByRole('button', { name: 'Save my reading' }));

    expect(correct).toHaveBeenCalledWith('b', { primary: 'sad', sentiment: -5 });
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('say which readings are the learner’s own, and "this reading is wrong" hides one', async () => {
    const user = userEvent.setup();
    const hide = vi.fn(() => Promise.resolve());
    render(
      <MoodReadings
        moods={[mood('a', { primary: 'sad', sentiment: -4, isCorrected: true })]}
        correct={vi.fn()}
        hide={hide}
      />,
    );
    expect(screen.getByText(/sad, intensity 6, sentiment -4/)).toHaveTextContent('(your reading)');

    await user.click(
      screen.getByRole('button', {
        name: 'This reading is wrong: hide the reading of reflection 1',
      }),
    );
    expect(hide).toHaveBeenCalledWith('a');
  });

  it('keep the form open when the correction is refused', async () => {
    const user = userEvent.setup();
    const correct = vi.fn(() => Promise.reject(new Error('refused')));
    render(<MoodReadings moods={[mood('a')]} correct={correct} hide={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Correct the reading of reflection 1' }));
    await user.click(screen.getByRole('button', { name: 'Save my reading' }));
    expect(screen.getByRole('form', { name: 'Your reading of reflection 1' })).toBeInTheDocument();
  });
});
