import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWatchProgress } from './use-watch-progress.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useWatchProgress', () => {
  it('saves a few times a minute while playing, not on every time update', () => {
    const save = vi.fn((_seconds: number, _duration: number, _keepalive: boolean) =>
      Promise.resolve(),
    );
    const { result } = renderHook(() => useWatchProgress(save));
    for (let tick = 0; tick <= 240; tick++) {
      act(() => result.current.onTimeUpdate(tick / 4, 780));
      vi.advanceTimersByTime(250);
    }
    expect(save.mock.calls.map(([seconds]) => seconds)).toEqual([0, 15, 30, 45, 60]);
  });

  it('saves the latest position when playback stops and when the learner leaves', () => {
    const save = vi.fn((_seconds: number, _duration: number, _keepalive: boolean) =>
      Promise.resolve(),
    );
    const { result, unmount } = renderHook(() => useWatchProgress(save));
    act(() => result.current.onTimeUpdate(1, 780));
    act(() => result.current.onTimeUpdate(5, 780));
    act(() => result.current.onStop());
    expect(save).toHaveBeenLastCalledWith(5, 780, false);
    act(() => result.current.onStop());
    expect(save).toHaveBeenCalledTimes(2);
    act(() => result.current.onTimeUpdate(9, 780));
    unmount();
    expect(save).toHaveBeenLastCalledWith(9, 780, true);
  });
});
