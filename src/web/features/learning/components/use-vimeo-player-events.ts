import { useEffect, useRef, type RefObject } from 'react';

const VIMEO_PLAYER_ORIGIN = 'https://player.vimeo.com';
const LISTENED_EVENTS = ['timeupdate', 'pause', 'ended'] as const;

export interface VimeoPlayerHandlers {
  onTimeUpdate: (seconds: number, duration: number) => void;
  /** Paused or ended: a moment to save at once. */
  onStop: () => void;
  /** The player has loaded and answers. */
  onReady?: () => void;
}

interface PlayerMessage {
  event?: string;
  data?: { seconds?: unknown; duration?: unknown };
}

/**
 * Listens to an embedded Vimeo player through its postMessage API (what @vimeo/player does, in
 * a few lines): only messages from that iframe, from Vimeo's origin, count.
 */
export function useVimeoPlayerEvents(
  iframe: RefObject<HTMLIFrameElement | null>,
  handlers: VimeoPlayerHandlers,
): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      const player = iframe.current?.contentWindow;
      if (event.origin !== VIMEO_PLAYER_ORIGIN || !player || event.source !== player) return;
      const message = parse(event.data);
      if (message.event === 'ready') {
        latest.current.onReady?.();
        for (const name of LISTENED_EVENTS) {
          player.postMessage({ method: 'addEventListener', value: name }, VIMEO_PLAYER_ORIGIN);
        }
      } else if (message.event === 'timeupdate') {
        const { seconds, duration } = message.data ?? {};
        if (typeof seconds === 'number' && typeof duration === 'number' && duration > 0) {
          latest.current.onTimeUpdate(seconds, duration);
        }
      } else if (message.event === 'pause' || message.event === 'ended') {
        latest.current.onStop();
      }
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [iframe]);
}

function parse(data: unknown): PlayerMessage {
  if (typeof data === 'string') {
    try {
      return JSON.parse(data) as PlayerMessage;
    } catch {
      return {};
    }
  }
  return typeof data === 'object' && data !== null ? (data as PlayerMessage) : {};
}
