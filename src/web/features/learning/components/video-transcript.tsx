import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { CaptionTrack } from '../../../../shared/api/learning.ts';
import { cueIndexAt, cueTimeLabel, cueWords } from '../../../../shared/rules/webvtt.ts';
import { TextField } from '../../../components/ui/text-field.tsx';

/** A search a learner types: long enough for a sentence, never a whole page. */
const SEARCH_MAX_LENGTH = 200;

/**
 * The video's words below it (issue 36.5): the line playing is marked and kept in view, a search
 * narrows the lines, and choosing a line plays the video from there.
 */
export function VideoTranscript({
  tracks,
  currentTime,
  onSeek,
}: {
  tracks: readonly CaptionTrack[];
  currentTime: number;
  onSeek: (seconds: number) => void;
}) {
  const headingId = useId();
  const [language, setLanguage] = useState(tracks[0]?.language ?? '');
  const [query, setQuery] = useState('');
  const track = tracks.find((candidate) => candidate.language === language) ?? tracks[0];
  const lines = useMemo(
    () =>
      (track?.cues ?? []).map((cue, index) => ({
        index,
        start: cue.start,
        words: cueWords(cue.text),
      })),
    [track],
  );
  const search = query.trim().toLocaleLowerCase();
  const shown = search
    ? lines.filter((line) => line.words.toLocaleLowerCase().includes(search))
    : lines;
  const playing = track ? cueIndexAt(track.cues, currentTime) : -1;
  const list = useRef<HTMLOListElement>(null);

  // The line playing stays in view inside the transcript's own box; the page does not move.
  useEffect(() => {
    const box = list.current;
    const item = box?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!box || !item || search) return;
    const top = item.offsetTop - box.offsetTop;
    if (top < box.scrollTop || top + item.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = Math.max(0, top - box.clientHeight / 3);
  }, [playing, search]);

  if (!track) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-ink-600/20 bg-white p-4"
    >
      <h2 id={headingId} className="font-display text-xl font-bold text-ink-900">
        Transcript
      </h2>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        {tracks.length > 1 && (
          <label className="text-sm font-medium text-ink-800">
            Transcript language
            <select
              value={track.language}
              onChange={(event) => setLanguage(event.target.value)}
              className="mt-1 block rounded-lg border border-ink-600/40 bg-white px-3 py-2.5 text-ink-900"
            >
              {tracks.map((option) => (
                <option key={option.language} value={option.language}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <TextField
          label="Search the transcript"
          type="search"
          maxLength={SEARCH_MAX_LENGTH}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="min-w-48 flex-1"
        />
      </div>
      <p role="status" className="mt-2 text-sm text-ink-700">
        {search ? `${shown.length} ${shown.length === 1 ? 'line matches' : 'lines match'}` : ''}
      </p>
      <ol
        ref={list}
        lang={track.language}
        className="relative mt-2 max-h-72 space-y-1 overflow-y-auto"
      >
        {shown.map((line) => (
          <li key={line.index}>
            <button
              type="button"
              onClick={() => onSeek(line.start)}
              aria-current={line.index === playing ? 'true' : undefined}
              className="flex w-full gap-3 rounded-lg px-2 py-1.5 text-left text-ink-800 hover:bg-flame-50 aria-[current]:bg-flame-100 aria-[current]:font-semibold aria-[current]:text-ink-900"
            >
              <span className="shrink-0 font-mono text-sm text-ink-700">
                <span className="sr-only">Play from </span>
                {cueTimeLabel(line.start)}
              </span>
              <span>{line.words}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
