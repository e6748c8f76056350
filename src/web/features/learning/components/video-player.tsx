import { Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Video } from '../../../../shared/api/video.ts';
import { isValidVideoId, vimeoEmbedUrl } from '../../../../shared/rules/video.ts';
import { FlameMark } from '../../../components/ui/logo.tsx';
import { useVimeoPlayerEvents, type VimeoPlayerHandlers } from './use-vimeo-player-events.ts';
import { VideoFilePlayer, type VideoFilePlayerProps } from './video-file-player.tsx';

export interface VimeoVideoPlayerProps extends VimeoPlayerHandlers {
  videoId: string;
  title: string;
  /** Vimeo's metadata, or the generated one; null while unknown. */
  video: Video | null;
  /** Where playback starts, in seconds. */
  startAt: number;
  /** Called on the first play only. */
  onStart: () => void;
}

/** How long the player may take to say it is ready before the page says the host is unreachable. */
const PLAYER_LOAD_LIMIT_MS = 15_000;
/**
 * Once its frame has loaded, Vimeo's player says it is ready at once; a frame that loaded without
 * saying so is the browser's own error page (the host refused or could not be reached).
 */
const READY_AFTER_LOAD_LIMIT_MS = 3_000;

/** A lesson's video: a Vimeo id, or the address of a video file (issue 24). */
export type VideoPlayerProps = VimeoVideoPlayerProps | VideoFilePlayerProps;

export function VideoPlayer(props: VideoPlayerProps) {
  return 'videoUrl' in props ? <VideoFilePlayer {...props} /> : <VimeoVideoPlayer {...props} />;
}

/** Thumbnail with a play overlay; the first click swaps in the Vimeo player (spec 2 §2). */
function VimeoVideoPlayer({ videoId, ...props }: VimeoVideoPlayerProps) {
  if (!isValidVideoId(videoId)) {
    return (
      <div
        role="alert"
        className="flex aspect-video flex-col items-center justify-center rounded-xl bg-night text-center text-on-night"
      >
        <p className="text-lg font-semibold">Invalid Video ID</p>
        <p className="mt-1 text-sm text-on-night/80">Please check the video ID</p>
      </div>
    );
  }
  return <ValidVideoPlayer videoId={videoId} {...props} />;
}

function ValidVideoPlayer({
  videoId,
  title,
  video,
  startAt,
  onStart,
  onTimeUpdate,
  onStop,
}: VimeoVideoPlayerProps) {
  const thumbnails = [video?.thumbnail, video?.thumbnailLarge].filter((link): link is string =>
    Boolean(link),
  );
  const [thumbnailIndex, setThumbnailIndex] = useState(0);
  const [isThumbnailLoaded, setIsThumbnailLoaded] = useState(false);
  const [playerUrl, setPlayerUrl] = useState<string | null>(null);
  const hasStarted = useRef(false);
  const iframe = useRef<HTMLIFrameElement>(null);
  // A new attempt mounts a new player.
  const [attempt, setAttempt] = useState(0);
  const [playerState, setPlayerState] = useState<'loading' | 'ready' | 'unreachable'>('loading');
  const [isFrameLoaded, setIsFrameLoaded] = useState(false);
  useVimeoPlayerEvents(iframe, { onTimeUpdate, onStop, onReady: () => setPlayerState('ready') });

  // A player that never says it is ready: the video host cannot be reached (offline, blocked).
  useEffect(() => {
    if (!playerUrl || playerState !== 'loading') return;
    const limit = !navigator.onLine
      ? 0
      : isFrameLoaded
        ? READY_AFTER_LOAD_LIMIT_MS
        : PLAYER_LOAD_LIMIT_MS;
    const timer = setTimeout(() => setPlayerState('unreachable'), limit);
    return () => clearTimeout(timer);
  }, [playerUrl, playerState, attempt, isFrameLoaded]);

  const thumbnail = thumbnails[thumbnailIndex];
  const isLoading = thumbnail !== undefined && !isThumbnailLoaded;

  function play() {
    // The start position is fixed now: a later progress save must not reload the player.
    setPlayerUrl(vimeoEmbedUrl(videoId, startAt));
    if (hasStarted.current) return;
    hasStarted.current = true;
    onStart();
  }

  if (playerUrl) {
    return (
      <div className="relative aspect-video overflow-hidden rounded-xl bg-night">
        {playerState === 'unreachable' && (
          <div
            role="alert"
            className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-night p-4 text-center text-on-night"
          >
            <p className="text-lg font-semibold">The video could not be loaded</p>
            <p className="text-sm text-on-night/80">
              Its host did not answer. Check your internet connection, then retry. The lesson below
              stays open to read.
            </p>
            <button
              type="button"
              onClick={() => {
                setPlayerState('loading');
                setIsFrameLoaded(false);
                setAttempt((count) => count + 1);
              }}
              className="rounded-lg bg-white px-4 py-2 font-semibold text-ink-900 hover:bg-flame-50"
            >
              Retry
            </button>
          </div>
        )}
        <iframe
          key={attempt}
          ref={iframe}
          src={playerUrl}
          title={title}
          className="h-full w-full"
          onLoad={() => setIsFrameLoaded(true)}
          allow="autoplay; fullscreen; picture-in-picture"
          allowFullScreen
        />
      </div>
    );
  }

  return (
    <div className="relative aspect-video overflow-hidden rounded-xl bg-night">
      {thumbnail ? (
        <img
          key={thumbnail}
          src={thumbnail}
          alt=""
          className="h-full w-full object-cover"
          onLoad={() => setIsThumbnailLoaded(true)}
          onError={() => {
            setIsThumbnailLoaded(false);
            setThumbnailIndex((index) => index + 1);
          }}
        />
      ) : (
        <div
          data-testid="video-placeholder"
          className="flex h-full w-full items-center justify-center bg-gradient-to-br from-night to-flame-700 text-on-night-accent"
        >
          <FlameMark className="h-16 w-16 opacity-60" />
        </div>
      )}
      {isLoading ? (
        <div className="absolute inset-0 flex items-center justify-center bg-night">
          <p role="status" className="animate-pulse text-on-night/90">
            Loading video...
          </p>
        </div>
      ) : (
        <button
          type="button"
          onClick={play}
          aria-label={`Play video: ${title}`}
          className="group absolute inset-0 flex items-center justify-center bg-night/30 hover:bg-night/40"
        >
          <span className="flex h-20 w-20 items-center justify-center rounded-full bg-white/90 text-flame-700 shadow-lg transition-transform group-hover:scale-105">
            <Play className="ml-1 h-9 w-9" aria-hidden="true" fill="currentColor" />
          </span>
        </button>
      )}
    </div>
  );
}
