import { describe, expect, it } from 'vitest';
import {
  isValidVideoId,
  isVideoWatched,
  resumePosition,
  vimeoEmbedUrl,
  watchedPercent,
} from './video.ts';

describe('video rules', () => {
  it('accepts only ids of at least 6 digits', () => {
    expect(isValidVideoId('824804225')).toBe(true);
    expect(isValidVideoId('123456')).toBe(true);
    expect(isValidVideoId('12345')).toBe(false);
    expect(isValidVideoId('12345a')).toBe(false);
    expect(isValidVideoId('')).toBe(false);
  });

  it('counts 90% or more as watched', () => {
    expect(watchedPercent(702, 780)).toBe(90);
    expect(isVideoWatched(90)).toBe(true);
    expect(isVideoWatched(89)).toBe(false);
    expect(watchedPercent(10, 0)).toBe(0);
  });

  it('resumes where the learner was, or from the start when they were at the end', () => {
    expect(resumePosition(95.7, 780)).toBe(95);
    expect(resumePosition(770, 780)).toBe(0);
    expect(resumePosition(0, 780)).toBe(0);
  });

  it('embeds with the spec colour and a start time', () => {
    expect(vimeoEmbedUrl('824804225', 95)).toBe(
      'https://player.vimeo.com/video/824804225?autoplay=1&color=6366f1&title=0&byline=0&portrait=0&dnt=1#t=95s',
    );
    expect(vimeoEmbedUrl('824804225')).not.toContain('#t=');
  });
});
