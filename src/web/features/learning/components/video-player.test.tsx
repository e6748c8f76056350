import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Video } from '../../../../shared/api/video.ts';
import { VideoPlayer, type VideoPlayerProps } from './video-player.tsx';

const video: Video = {
  id: '824804225',
  title: 'What Energy Sovereignty Means',
  description: '',
  duration: 780,
  thumbnail: 'https://i.vimeocdn.com/video/824804225-d_640x360',
  thumbnailLarge: 'https://i.vimeocdn.com/video/824804225-d_1280x720',
  embedUrl: 'https://player.vimeo.com/video/824804225',
  playUrl: 'https://vimeo.com/824804225',
  source: 'vimeo',
};

function renderPlayer(props: Partial<VideoPlayerProps> = {}) {
  const handlers = { onStart: vi.fn(), onTimeUpdate: vi.fn(), onStop: vi.fn() };
  const view = render(
    <VideoPlayer
      videoId="824804225"
      title="What Energy Sovereignty Means"
      video={video}
      startAt={0}
      {...handlers}
      {...props}
    />,
  );
  return { ...view, ...handlers };
}

const playButton = () =>
  screen.getByRole('button', { name: 'Play video: What Energy Sovereignty Means' });

describe('VideoPlayer', () => {
  it.each(['12345', '12345a', 'abcdefgh'])('shows the Invalid Video ID panel for %s', (videoId) => {
    renderPlayer({ videoId });
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid Video ID');
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the video ID');
  });

  it('loads the thumbnail, then falls back to the large one, then to a placeholder', () => {
    const { container } = renderPlayer();
    expect(screen.getByRole('status')).toHaveTextContent('Loading video...');
    const image = () => container.querySelector('img');
    expect(image()).toHaveAttribute('src', video.thumbnail);
    fireEvent.error(image()!);
    expect(image()).toHaveAttribute('src', video.thumbnailLarge);
    fireEvent.error(image()!);
    expect(image()).toBeNull();
    expect(screen.getByTestId('video-placeholder')).toBeInTheDocument();
    expect(playButton()).toBeInTheDocument();
  });

  it('shows the play overlay once the thumbnail is in', () => {
    const { container } = renderPlayer();
    fireEvent.load(container.querySelector('img')!);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(playButton()).toBeInTheDocument();
  });

  it('starts the Vimeo player on the first click, resuming at the saved position, and records the start once', () => {
    const { onStart } = renderPlayer({
      video: { ...video, thumbnail: null, thumbnailLarge: null },
      startAt: 95,
    });
    fireEvent.click(playButton());
    const player = screen.getByTitle('What Energy Sovereignty Means');
    expect(player.tagName).toBe('IFRAME');
    expect(player).toHaveAttribute(
      'src',
      'https://player.vimeo.com/video/824804225?autoplay=1&color=6366f1&title=0&byline=0&portrait=0&dnt=1#t=95s',
    );
    expect(onStart).toHaveBeenCalledOnce();
  });

  it("hears time updates only from its own player on Vimeo's origin", () => {
    const { onTimeUpdate, onStop } = renderPlayer({ video: null });
    fireEvent.click(playButton());
    const player = (screen.getByTitle('What Energy Sovereignty Means') as HTMLIFrameElement)
      .contentWindow!;
    const send = (data: unknown, origin = 'https://player.vimeo.com', source: Window = player) =>
      act(() => {
        window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
      });
    send({ event: 'timeupdate', data: { seconds: 30, duration: 780, percent: 0.04 } });
    send(JSON.stringify({ event: 'timeupdate', data: { seconds: 31, duration: 780 } }));
    send({ event: 'timeupdate', data: { seconds: 700, duration: 780 } }, 'https://evil.example');
    send({ event: 'timeupdate', data: { seconds: 700, duration: 780 } }, undefined, window);
    send({ event: 'pause' });
    expect(onTimeUpdate.mock.calls).toEqual([
      [30, 780],
      [31, 780],
    ]);
    expect(onStop).toHaveBeenCalledOnce();
  });

  it('says so when the video host does not answer, and mounts a new player on Try again', () => {
    vi.useFakeTimers();
    try {
      renderPlayer({ video: null });
      fireEvent.click(playButton());
      const firstPlayer = screen.getByTitle('What Energy Sovereignty Means');
      act(() => vi.advanceTimersByTime(14_000));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1_000));
      expect(screen.getByRole('alert')).toHaveTextContent('The video could not be loaded');
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByTitle('What Energy Sovereignty Means')).not.toBe(firstPlayer);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says nothing once the player has said it is ready', () => {
    vi.useFakeTimers();
    try {
      renderPlayer({ video: null });
      fireEvent.click(playButton());
      const player = (screen.getByTitle('What Energy Sovereignty Means') as HTMLIFrameElement)
        .contentWindow!;
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            data: { event: 'ready' },
            origin: 'https://player.vimeo.com',
            source: player,
          }),
        );
      });
      act(() => vi.advanceTimersByTime(60_000));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
