import { useCallback, useEffect, useRef } from 'react';

/** A few saves a minute while playing, never one per frame. */
const WATCH_SAVE_INTERVAL_MS = 15_000;

interface Position {
  seconds: number;
  duration: number;
}

/**
 * Turns the player's many time updates into a save every 15 s, plus one when playback stops,
 * the learner leaves the lesson, or the tab closes.
 */
export function useWatchProgress(
  save: (seconds: number, duration: number, keepalive: boolean) => Promise<unknown>,
) {
  const latest = useRef<Position | null>(null);
  const sent = useRef<Position | null>(null);
  const lastSentAt = useRef(0);

  const flush = useCallback(
    (keepalive = false) => {
      const position = latest.current;
      if (!position || position === sent.current) return;
      sent.current = position;
      lastSentAt.current = Date.now();
      // Watch progress is best effort: the next save carries the position again.
      save(position.seconds, position.duration, keepalive).catch(() => undefined);
    },
    [save],
  );

  const onTimeUpdate = useCallback(
    (seconds: number, duration: number) => {
      latest.current = { seconds, duration };
      if (Date.now() - lastSentAt.current >= WATCH_SAVE_INTERVAL_MS) flush();
    },
    [flush],
  );

  useEffect(() => {
    const onPageHide = () => flush(true);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      flush(true);
    };
  }, [flush]);

  return { onTimeUpdate, onStop: flush };
}
