import { useRef, useState } from 'react';
import { resumePosition } from '../../../../shared/rules/video.ts';
import type { VimeoPlayerHandlers } from './use-vimeo-player-events.ts';

export interface VideoFilePlayerProps extends VimeoPlayerHandlers {
  /** The https address of a video file. */
  videoUrl: string;
  title: string;
  /** The saved position, in seconds; where playback starts is decided once the length is known. */
  savedPositionSeconds: number;
  /** Called on the first play only. */
  onStart: () => void;
}

/** A video file in the browser's own player, resuming and reporting as the Vimeo player does. */
export function VideoFilePlayer({
  videoUrl,
  title,
  savedPositionSeconds,
  onStart,
  onTimeUpdate,
  onStop,
}: VideoFilePlayerProps) {
  const hasStarted = useRef(false);
  const [hasFailed, setHasFailed] = useState(false);
  return (
    <div className="relative aspect-video overflow-hidden rounded-xl bg-night">
      {hasFailed && (
        <p
          role="alert"
          className="absolute inset-x-0 top-0 z-10 bg-night/90 p-3 text-center text-on-night"
        >
          The video could not be loaded. Check your internet connection, then reload the page.
        </p>
      )}
      <video
        src={videoUrl}
        controls
        preload="metadata"
        aria-label={title}
        className="h-full w-full"
        onLoadedMetadata={(event) => {
          // Fixed now: a later progress save must not move the playhead.
          const player = event.currentTarget;
          const start = resumePosition(savedPositionSeconds, player.duration);
          if (start > 0) player.currentTime = start;
        }}
        onPlay={() => {
          if (hasStarted.current) return;
          hasStarted.current = true;
          onStart();
        }}
        onTimeUpdate={(event) => {
          const { currentTime, duration } = event.currentTarget;
          if (Number.isFinite(duration) && duration > 0) onTimeUpdate(currentTime, duration);
        }}
        onPause={onStop}
        onEnded={onStop}
        onError={() => setHasFailed(true)}
      />
    </div>
  );
}
