import { useEffect, useRef } from 'react';
import type { SafetyConcern, SafetyReading } from '../../../../shared/rules/companion.ts';
import { whenPageIdle } from '../../../lib/when-page-idle.ts';

/** Often enough that the help shows well within a second of the words, seldom enough to be free. */
const READING_INTERVAL_MS = 250;

let detector: Promise<(text: string) => SafetyReading> | null = null;

/**
 * The shared detector, loaded on the lesson page only (never in the first page's bundle); a failed
 * load is tried again next time, and until then the server's reading after the autosave stands.
 */
function loadDetector() {
  detector ??= Promise.all([
    import('../../../../shared/rules/crisis-detection.ts'),
    import('../../../../shared/rules/companion.ts'),
  ]).then(
    ([{ assessCrisis }, { readSafety }]) =>
      (text: string) =>
        readSafety(assessCrisis(text)),
    (error: unknown) => {
      detector = null;
      throw error;
    },
  );
  return detector;
}

/**
 * Reads the text in the browser as the learner types, so the help shows before the autosave and
 * its round trip; the server still reads, records and answers every save as before.
 */
export function useCrisisReadingAsTyped(
  text: string,
  onAtRisk: (concern: SafetyConcern) => void,
): void {
  const latest = useRef({ text, onAtRisk });
  const scheduled = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    latest.current = { text, onAtRisk };
  });

  // Loaded once the lesson has painted (it is 120 KiB), or at the first reading if that is sooner;
  // loaded either way, the service worker keeps it for the crisis help offline.
  useEffect(() => {
    const cancel = whenPageIdle(() => void loadDetector().catch(() => undefined));
    return () => {
      cancel();
      if (scheduled.current) clearTimeout(scheduled.current);
    };
  }, []);

  // While typing goes on, one reading each interval, of the text as it is then.
  useEffect(() => {
    if (scheduled.current || text.trim() === '') return;
    scheduled.current = setTimeout(() => {
      scheduled.current = null;
      void loadDetector()
        .then((read) => {
          const reading = read(latest.current.text);
          if (reading.level === 'at-risk') latest.current.onAtRisk(reading.concern!);
        })
        .catch(() => undefined);
    }, READING_INTERVAL_MS);
  }, [text]);
}
