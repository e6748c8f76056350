import { useEffect, useRef, useState } from 'react';

/**
 * Shows `text` one character every `msPerCharacter` (the learner's Typing Speed); the text may
 * grow while a reply streams in. Calls `onDone` once everything is shown.
 */
export function TypedText({
  text,
  msPerCharacter,
  isComplete,
  onDone,
}: {
  text: string;
  msPerCharacter: number;
  /** No more text will arrive. */
  isComplete: boolean;
  onDone?: () => void;
}) {
  const [shown, setShown] = useState(0);
  const isCaughtUp = shown >= text.length;

  useEffect(() => {
    if (isCaughtUp) return;
    const timer = setInterval(() => setShown((count) => count + 1), msPerCharacter);
    return () => clearInterval(timer);
  }, [isCaughtUp, msPerCharacter]);

  const hasFinished = useRef(false);
  useEffect(() => {
    if (!isCaughtUp || !isComplete || hasFinished.current) return;
    hasFinished.current = true;
    onDone?.();
  }, [isCaughtUp, isComplete, onDone]);

  return <>{Array.from(text).slice(0, shown).join('')}</>;
}
