import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { saveRefusalOf } from '../../lib/save-refusal.ts';
import { SaveRefusedAlert } from './save-refused-alert.tsx';

const conflict = new ApiError(
  409,
  'These settings were changed by ada@example.test at Nov 28, 2026, 14:00 UTC.',
  'version_conflict',
);
const invalid = new ApiError(400, 'Maximum users must be at least 1', 'bad_request', {
  maxUsers: 'Maximum users must be at least 1',
});
const offline = new ApiError(0, 'offline', 'network');

describe('saveRefusalOf', () => {
  it('tells a conflict (409) from a refused field (400), in the server words', () => {
    expect(saveRefusalOf(conflict, 'Failed to save')).toEqual({ conflict, fieldError: undefined });
    expect(saveRefusalOf(invalid, 'Failed to save')).toEqual({
      conflict: null,
      fieldError: 'Maximum users must be at least 1',
    });
  });

  it('finds neither in no error, a failed network or an error that is not the API', () => {
    for (const error of [null, offline, new Error('boom')]) {
      expect(saveRefusalOf(error, 'Failed to save')).toEqual({
        conflict: null,
        fieldError: undefined,
      });
    }
  });
});

describe('SaveRefusedAlert', () => {
  it('names who saved since and reloads their version on request', () => {
    const onReload = vi.fn();
    render(<SaveRefusedAlert error={conflict} reloadLabel="Reload settings" onReload={onReload} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'These settings were changed by ada@example.test at Nov 28, 2026, 14:00 UTC. Reload settings',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reload settings' }));
    expect(onReload).toHaveBeenCalledOnce();
  });

  it('shows nothing but a conflict when the editor tells of other failures itself', () => {
    for (const error of [null, invalid, offline]) {
      const { container } = render(
        <SaveRefusedAlert error={error} reloadLabel="Reload prompts" onReload={() => {}} />,
      );
      expect(container).toBeEmptyDOMElement();
    }
  });

  it('with a fallback, shows any failed save, offering a reload only for a conflict', () => {
    const props = {
      fallback: 'Failed to save the course. Please try again.',
      reloadLabel: 'Reload the course',
      onReload: () => {},
    };
    const { rerender } = render(<SaveRefusedAlert error={offline} {...props} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^Failed to save the course\. Please try again\.$/,
    );
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<SaveRefusedAlert error={invalid} {...props} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Maximum users must be at least 1$/);
    rerender(<SaveRefusedAlert error={conflict} {...props} />);
    expect(screen.getByRole('button', { name: 'Reload the course' })).toBeVisible();
    rerender(<SaveRefusedAlert error={null} {...props} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
