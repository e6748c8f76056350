import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Video } from '../../../../shared/api/video.ts';
import { useWatchProgress } from './use-watch-progress.ts';
import { VideoPlayer, type VimeoVideoPlayerProps } from './video-player.tsx';

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

function renderPlayer(props: Partial<VimeoVideoPlayerProps> = {}) {
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

  it('says so when the video host does not answer, and mounts a new player on Retry', () => {
    vi.useFakeTimers();
    try {
      renderPlayer({ video: null });
      fireEvent.click(playButton());
      const firstPlayer = screen.getByTitle('What Energy Sovereignty Means');
      act(() => vi.advanceTimersByTime(14_000));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1_000));
      expect(screen.getByRole('alert')).toHaveTextContent('The video could not be loaded');
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByTitle('What Energy Sovereignty Means')).not.toBe(firstPlayer);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so 3 s after its frame loaded without the player saying it is ready (an error page)', () => {
    vi.useFakeTimers();
    try {
      renderPlayer({ video: null });
      fireEvent.click(playButton());
      fireEvent.load(screen.getByTitle('What Energy Sovereignty Means'));
      act(() => vi.advanceTimersByTime(2_900));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(100));
      expect(screen.getByRole('alert')).toHaveTextContent('The video could not be loaded');
      expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
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

describe('VideoPlayer with a video file', () => {
  const videoUrl = 'https://media.example.com/arrive.mp4';

  function renderFilePlayer(savedPositionSeconds: number) {
    const handlers = { onStart: vi.fn(), onTimeUpdate: vi.fn(), onStop: vi.fn() };
    render(
      <VideoPlayer
        videoUrl={videoUrl}
        title="Arrive"
        savedPositionSeconds={savedPositionSeconds}
        {...handlers}
      />,
    );
    const player = screen.getByLabelText('Arrive') as HTMLVideoElement;
    /** jsdom plays nothing: the test says how long the file is and where the playhead is. */
    const at = (currentTime: number, duration = 600) => {
      Object.defineProperty(player, 'duration', { configurable: true, value: duration });
      player.currentTime = currentTime;
    };
    return { player, at, ...handlers };
  }

  it("plays in the browser's own player, named by the video's title", () => {
    const { player } = renderFilePlayer(0);
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('src', videoUrl);
    expect(player).toHaveAttribute('controls');
    expect(screen.queryByRole('button', { name: /Play video/ })).not.toBeInTheDocument();
  });

  it('resumes at the saved position once the length is known, and from the start near the end', () => {
    const resumed = renderFilePlayer(95);
    resumed.at(0);
    fireEvent.loadedMetadata(resumed.player);
    expect(resumed.player.currentTime).toBe(95);
    cleanup();
    const nearEnd = renderFilePlayer(590);
    nearEnd.at(0);
    fireEvent.loadedMetadata(nearEnd.player);
    expect(nearEnd.player.currentTime).toBe(0);
  });

  it('records the start once and reports time updates, pauses and the end', () => {
    const { player, at, onStart, onTimeUpdate, onStop } = renderFilePlayer(0);
    fireEvent.play(player);
    fireEvent.play(player);
    expect(onStart).toHaveBeenCalledOnce();
    at(30);
    fireEvent.timeUpdate(player);
    at(541);
    fireEvent.timeUpdate(player);
    at(10, Number.NaN);
    fireEvent.timeUpdate(player);
    expect(onTimeUpdate.mock.calls).toEqual([
      [30, 600],
      [541, 600],
    ]);
    fireEvent.pause(player);
    fireEvent.ended(player);
    expect(onStop).toHaveBeenCalledTimes(2);
  });

  it('hands its positions to the same progress saving as the Vimeo player', () => {
    const save = vi.fn((_seconds: number, _duration: number, _keepalive: boolean) =>
      Promise.resolve(),
    );
    function Lesson() {
      const progress = useWatchProgress(save);
      return (
        <VideoPlayer
          videoUrl={videoUrl}
          title="Arrive"
          savedPositionSeconds={0}
          onStart={vi.fn()}
          {...progress}
        />
      );
    }
    const { unmount } = render(<Lesson />);
    const player = screen.getByLabelText('Arrive') as HTMLVideoElement;
    Object.defineProperty(player, 'duration', { configurable: true, value: 600 });
    player.currentTime = 541;
    fireEvent.timeUpdate(player);
    fireEvent.pause(player);
    expect(save).toHaveBeenLastCalledWith(541, 600, false);
    unmount();
  });

  it('says so when the file cannot be loaded', () => {
    const { player } = renderFilePlayer(0);
    fireEvent.error(player);
    expect(screen.getByRole('alert')).toHaveTextContent('The video could not be loaded');
  });
});

describe('VideoPlayer with captions', () => {
  const captions = [
    {
      language: 'en',
      label: 'English',
      cues: [
        { start: 0, end: 4, text: '<v Ana>Arrive where you are.' },
        { start: 4, end: 8, text: 'Breathe &amp; rest.' },
        { start: 10, end: 12, text: 'Rest a while longer.' },
      ],
    },
    { language: 'de', label: 'Deutsch', cues: [{ start: 0, end: 4, text: 'Komm an.' }] },
  ];
  afterEach(() => vi.restoreAllMocks());

  function renderCaptioned() {
    // jsdom makes no files from memory: the test hands out an address per track.
    let made = 0;
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:track-${(made += 1)}`);
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    render(
      <VideoPlayer
        videoUrl="https://media.example.com/arrive.mp4"
        title="Arrive"
        savedPositionSeconds={0}
        captions={captions}
        onStart={vi.fn()}
        onTimeUpdate={vi.fn()}
        onStop={vi.fn()}
      />,
    );
    return screen.getByLabelText('Arrive') as HTMLVideoElement;
  }

  it('gives the player a captions track per language', () => {
    const player = renderCaptioned();
    const tracks = [...player.querySelectorAll('track')];
    expect(tracks.map((track) => [track.kind, track.srclang, track.label])).toEqual([
      ['captions', 'en', 'English'],
      ['captions', 'de', 'Deutsch'],
    ]);
    expect(tracks.every((track) => track.getAttribute('src')?.startsWith('blob:'))).toBe(true);
  });

  it('shows the transcript without markup, marks the line playing, and plays from a chosen line', () => {
    const player = renderCaptioned();
    const transcript = screen.getByRole('region', { name: 'Transcript' });
    const lines = within(transcript).getAllByRole('button');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Play from 0:00Arrive where you are.',
      'Play from 0:04Breathe & rest.',
      'Play from 0:10Rest a while longer.',
    ]);
    player.currentTime = 5;
    fireEvent.timeUpdate(player);
    expect(within(transcript).getByRole('button', { current: true })).toHaveTextContent('Breathe');
    fireEvent.click(within(transcript).getByRole('button', { name: /Rest a while longer/ }));
    expect(player.currentTime).toBe(10);
  });

  it('narrows the lines to a search, and reads another language', () => {
    renderCaptioned();
    const transcript = screen.getByRole('region', { name: 'Transcript' });
    fireEvent.change(within(transcript).getByLabelText('Search the transcript'), {
      target: { value: 'REST' },
    });
    expect(within(transcript).getByRole('status')).toHaveTextContent('2 lines match');
    expect(within(transcript).getAllByRole('button')).toHaveLength(2);
    fireEvent.change(within(transcript).getByLabelText('Search the transcript'), {
      target: { value: '' },
    });
    fireEvent.change(within(transcript).getByLabelText('Transcript language'), {
      target: { value: 'de' },
    });
    expect(within(transcript).getByRole('button')).toHaveTextContent('Komm an.');
  });
});
