import { z } from 'zod';
import { VIDEO_ID_MIN_LENGTH } from '../rules/video.ts';

export const videoParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d+$/, 'Invalid Video ID: expected digits only')
    .min(VIDEO_ID_MIN_LENGTH, `Invalid Video ID: expected at least ${VIDEO_ID_MIN_LENGTH} digits`)
    .max(20, 'Invalid Video ID: expected at most 20 digits'),
});

/** Video data (spec 2 §3): from the Vimeo API, or generated when it has no token or fails. */
export const videoSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** Seconds; 0 when unknown. */
  duration: z.number().int().nonnegative(),
  thumbnail: z.string().nullable(),
  thumbnailLarge: z.string().nullable(),
  embedUrl: z.string(),
  playUrl: z.string(),
  source: z.enum(['vimeo', 'generated']),
});
export type Video = z.infer<typeof videoSchema>;
