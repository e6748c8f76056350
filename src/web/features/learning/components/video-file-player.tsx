import { useEffect, useMemo, useRef, useState } from 'react';
import type { CaptionTrack } from '../../../../shared/api/learning.ts';
import { resumePosition } from '../../../../shared/rules/video.ts';
import { toWebVtt } from '../../../../shared/rules/webvtt.ts';
import type { VimeoPlayerHandlers } from './use-vimeo-player-events.ts';
import { VideoTranscript } from './video-transcript.tsx';

export interface VideoFilePlayerProps extends VimeoPlayerHandlers {
  /** The https address of a video file. */
  videoUrl: string;
  title: string;
  /** The saved position, in seconds; where playback starts is decided once the length is known. */
  savedPositionSeconds: number;
  /** Called on the first play only. */
  onStart: () => void;
  /** The creator's captions, one track per language; a transcript follows below the player. */
  captions?: readonly CaptionTrack[] | undefined;
}

const noCaptions: readonly CaptionTrack[] = [];

/** A video file in the browser's own player, resuming and reporting as the Vimeo player does. */
export function VideoFilePlayer({
  videoUrl,
  title,
  savedPositionSeconds,
  onStart,
  onTimeUpdate,
  onStop,
  captions = noCaptions,
}: VideoFilePlayerProps) {
  const hasStarted = useRef(false);
  const player = useRef<HTMLVideoElement>(null);
  const [hasFailed, setHasFailed] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  const trackFiles = useCaptionFiles(captions);
  return (
    <div className="space-y-4">
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
          ref={player}
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
            const { currentTime: playedTo, duration } = event.currentTarget;
            setCurrentTime(playedTo);
            if (Number.isFinite(duration) && duration > 0) onTimeUpdate(playedTo, duration);
          }}
          onPause={onStop}
          onEnded={onStop}
          onError={() => setHasFailed(true)}
        >
          {captions.map((track, index) => (
            <track
              key={track.language}
              kind="captions"
              srcLang={track.language}
              label={track.label}
              src={trackFiles[index]}
            />
          ))}
        </video>
      </div>
      {captions.length > 0 && (
        <VideoTranscript
          tracks={captions}
          currentTime={currentTime}
          onSeek={(seconds) => {
            if (player.current) player.current.currentTime = seconds;
            setCurrentTime(seconds);
          }}
        />
      )}
    </div>
  );
}

/**
 * Each track as a file the player can load: the page already holds the cues, so the track comes
 * from this page's memory, not from another request (and so also offline).
 */
function useCaptionFiles(captions: readonly CaptionTrack[]): string[] {
  const files = useMemo(
    () =>
      captions.map((track) =>
        URL.createObjectURL(new Blob([toWebVtt(track.cues)], { type: 'text/vtt' })),
      ),
    [captions],
  );
  useEffect(() => () => files.forEach((file) => URL.revokeObjectURL(file)), [files]);
  return files;
}
