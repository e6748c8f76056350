/** Video rules (spec 2 §2, §5, §9): pure, shared by the player and the server. */

export const VIDEO_ID_MIN_LENGTH = 6;
export const VIDEO_WATCHED_PERCENT = 90;
export const VIMEO_EMBED_COLOR = '6366f1';
/** Near the end a reopened video starts again rather than resuming at the credits. */
const RESTART_WITHIN_LAST_PERCENT = 5;

export function isValidVideoId(id: string): boolean {
  return /^\d+$/.test(id) && id.length >= VIDEO_ID_MIN_LENGTH;
}

export function watchedPercent(positionSeconds: number, durationSeconds: number): number {
  if (durationSeconds <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((positionSeconds / durationSeconds) * 100)));
}

export function isVideoWatched(percent: number): boolean {
  return percent >= VIDEO_WATCHED_PERCENT;
}

/** Where a reopened video starts: the saved position, or the beginning when it was near the end. */
export function resumePosition(positionSeconds: number, durationSeconds: number): number {
  if (durationSeconds <= 0 || positionSeconds <= 0) return 0;
  const remainingPercent = 100 - (positionSeconds / durationSeconds) * 100;
  return remainingPercent <= RESTART_WITHIN_LAST_PERCENT ? 0 : Math.floor(positionSeconds);
}

const vimeoPlayerFlags = new URLSearchParams({
  autoplay: '1',
  color: VIMEO_EMBED_COLOR,
  title: '0',
  byline: '0',
  portrait: '0',
  dnt: '1',
}).toString();

/** The Vimeo player page with the spec's flags; `#t=` resumes at a position. */
export function vimeoEmbedUrl(videoId: string, startSeconds = 0): string {
  const start = startSeconds > 0 ? `#t=${Math.floor(startSeconds)}s` : '';
  return `https://player.vimeo.com/video/${videoId}?${vimeoPlayerFlags}${start}`;
}
