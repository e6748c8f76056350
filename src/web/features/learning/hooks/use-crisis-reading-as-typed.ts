import { useEffect, useRef } from 'react';
import type { SafetyConcern, SafetyReading } from '../../../../shared/rules/companion.ts';
import { whenPageIdle } from '../../../lib/when-page-idle.ts';

/** Often enough that the help shows well within a second of the words, seldom enough to be free. */
const READING_INTERVAL_MS = 250;
/** A pause this long in the typing, and the text is read whole, its last words as they stand. */
const PAUSE_MS = 500;

type Detector = (text: string, options: { isBeingTyped: boolean }) => SafetyReading;

let detector: Promise<Detector> | null = null;

/**
 * The shared detector, loaded on the lesson page only (never in the first page's bundle); a failed
 * load is tried again next time, and until then the server's reading after the autosave stands.
 */
function loadDetector() {
  detector ??= Promise.all([
    import('../../../../shared/rules/crisis-detection.ts'),
    import('../../../../shared/rules/companion.ts'),
  ]).then(
    ([{ assessCrisis }, { readSafety }]): Detector =>
      (text, options) =>
        readSafety(assessCrisis(text, undefined, options)),
    (error: unknown) => {
      detector = null;
      throw error;
    },
  );
  return detector;
}

/**
 * Reads the text in the browser as the learner types, so the help shows before the autosave and
 * its round trip; the server still reads, records and answers every save as before. While typing
 * goes on, a last sentence of a few words is left to the next word ("I want" is not yet anything);
 * when typing pauses, the text is read whole, as the server will read it.
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
  // loaded either way, the service worker keeps it for the crisis help offline. A first reading
  // then unpacks its weights and compiles its patterns (a long task on a phone), before any typing
  // it would hold up.
  useEffect(() => {
    const cancel = whenPageIdle(
      () =>
        void loadDetector()
          .then((read) => read(WARM_UP_TEXT, { isBeingTyped: false }))
          .catch(() => undefined),
    );
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
      readText(latest.current, { isBeingTyped: true });
    }, READING_INTERVAL_MS);
  }, [text]);

  // Once typing pauses, the text whole. Keys still waiting behind a long task are no pause.
  useEffect(() => {
    if (text.trim() === '') return;
    const pause = setTimeout(() => {
      if (!isInputPending()) readText(latest.current, { isBeingTyped: false });
    }, PAUSE_MS);
    return () => clearTimeout(pause);
  }, [text]);
}

/** Whether keys wait to be handled (Chromium's `navigator.scheduling`; elsewhere unknown). */
const isInputPending = () =>
  (
    navigator as { scheduling?: { isInputPending?: () => boolean } }
  ).scheduling?.isInputPending?.() ?? false;

/** A calm sentence, read once the page is idle: the first reading costs the most. */
const WARM_UP_TEXT = 'The lesson was calm today.';

function readText(
  { text, onAtRisk }: { text: string; onAtRisk: (concern: SafetyConcern) => void },
  options: { isBeingTyped: boolean },
) {
  void loadDetector()
    .then((read) => {
      const reading = read(text, options);
      if (reading.level === 'at-risk') onAtRisk(reading.concern!);
    })
    .catch(() => undefined);
}
