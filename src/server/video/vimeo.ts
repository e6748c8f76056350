import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Video } from '../../shared/api/video.ts';
import { vimeoEmbedUrl } from '../../shared/rules/video.ts';

/** What our own catalogue says about a video, used when Vimeo cannot answer. */
export interface VideoFallback {
  title: string;
  description: string;
  duration: number;
}

export interface VideoLibrary {
  getVideo: (videoId: string, fallback: VideoFallback) => Promise<Video>;
}

const vimeoVideoSchema = z.object({
  name: z.string(),
  description: z.string().nullable().optional(),
  duration: z.number().int().nonnegative(),
  pictures: z
    .object({
      sizes: z.array(z.object({ width: z.number(), link: z.string() })),
    })
    .nullable()
    .optional(),
});

const FOUND_TTL_MS = 60 * 60 * 1000;
const FAILED_TTL_MS = 60 * 1000;
const REQUEST_TIMEOUT_MS = 3000;
const THUMBNAIL_MIN_WIDTH = 640;

interface CacheEntry {
  video: Video | null;
  expiresAt: number;
}

/**
 * Video metadata from the Vimeo API with the server's token, cached in memory: an hour for an
 * answer, a minute for a failure. Without a token, or on failure, the catalogue's data is used.
 */
export function createVideoLibrary(
  { accessToken, apiBase }: { accessToken: string | undefined; apiBase: string },
  log: FastifyBaseLogger,
  now: () => number = Date.now,
): VideoLibrary {
  const cache = new Map<string, CacheEntry>();
  const pending = new Map<string, Promise<Video | null>>();

  async function fetchVideo(videoId: string, token: string): Promise<Video | null> {
    try {
      const response = await fetch(
        `${apiBase}/videos/${videoId}?fields=name,description,duration,pictures.sizes`,
        {
          headers: {
            authorization: `bearer ${token}`,
            accept: 'application/vnd.vimeo.*+json;version=3.4',
          },
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        },
      );
      if (!response.ok) {
        log.warn({ videoId, status: response.status }, 'Vimeo did not give video metadata');
        return null;
      }
      return fromVimeo(videoId, vimeoVideoSchema.parse(await response.json()));
    } catch (error) {
      log.warn({ videoId, err: error }, 'Vimeo video metadata request failed');
      return null;
    }
  }

  async function cachedVideo(videoId: string, token: string): Promise<Video | null> {
    const entry = cache.get(videoId);
    if (entry && entry.expiresAt > now()) return entry.video;
    let request = pending.get(videoId);
    if (!request) {
      request = fetchVideo(videoId, token).then((video) => {
        cache.set(videoId, {
          video,
          expiresAt: now() + (video ? FOUND_TTL_MS : FAILED_TTL_MS),
        });
        pending.delete(videoId);
        return video;
      });
      pending.set(videoId, request);
    }
    return request;
  }

  return {
    async getVideo(videoId, fallback) {
      const video = accessToken ? await cachedVideo(videoId, accessToken) : null;
      return video ?? generatedVideo(videoId, fallback);
    },
  };
}

function fromVimeo(videoId: string, data: z.infer<typeof vimeoVideoSchema>): Video {
  const sizes = [...(data.pictures?.sizes ?? [])].sort((a, b) => a.width - b.width);
  // The first size is a 100–200 px icon; a poster needs the first one at least 640 wide.
  const thumbnail = sizes.find((size) => size.width >= THUMBNAIL_MIN_WIDTH) ?? sizes[0];
  return {
    id: videoId,
    title: data.name,
    description: data.description ?? '',
    duration: data.duration,
    thumbnail: thumbnail?.link ?? null,
    thumbnailLarge: sizes.at(-1)?.link ?? null,
    embedUrl: vimeoEmbedUrl(videoId),
    playUrl: `https://vimeo.com/${videoId}`,
    source: 'vimeo',
  };
}

function generatedVideo(videoId: string, fallback: VideoFallback): Video {
  return {
    id: videoId,
    title: fallback.title,
    description: fallback.description,
    duration: fallback.duration,
    thumbnail: null,
    thumbnailLarge: null,
    embedUrl: vimeoEmbedUrl(videoId),
    playUrl: `https://vimeo.com/${videoId}`,
    source: 'generated',
  };
}
