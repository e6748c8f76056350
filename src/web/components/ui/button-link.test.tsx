import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserRouter } from '../../lib/router/router.tsx';
import { ButtonLink } from './button-link.tsx';

describe('ButtonLink', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('opens a page of the app without reloading, in the look of a Button', async () => {
    render(
      <BrowserRouter>
        <ButtonLink to="/courses" variant="secondary">
          Browse Courses
        </ButtonLink>
      </BrowserRouter>,
    );
    const link = screen.getByRole('link', { name: 'Browse Courses' });
    expect(link).toHaveClass('rounded-lg', 'border-ink-700');
    await act(async () => fireEvent.click(link));
    expect(window.location.pathname).toBe('/courses');
  });

  it('leaves a mail address to the browser', () => {
    render(
      <BrowserRouter>
        <ButtonLink to="mailto:ada@example.test">Reply by email</ButtonLink>
      </BrowserRouter>,
    );
    const link = screen.getByRole('link', { name: 'Reply by email' });
    expect(link).toHaveAttribute('href', 'mailto:ada@example.test');
    expect(link).toHaveClass('bg-flame-600');
  });
});
