import { useId, useMemo, useState } from 'react';
import type { CaptionTrackDocument } from '../../../../shared/api/content.ts';
import {
  CAPTION_FILE_MAX_LENGTH,
  CAPTION_TRACKS_MAX,
  captionFileTooLong,
  readWebVtt,
  type CaptionReading,
} from '../../../../shared/rules/webvtt.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { updateAt } from '../document-edits.ts';

/**
 * A video file's captions (issue 36.5): a WebVTT file per language, named by its language tag and
 * the name learners see in the player's menu and above the transcript.
 */
export function CaptionFields({
  tracks,
  onChange,
}: {
  tracks: readonly CaptionTrackDocument[];
  onChange: (tracks: CaptionTrackDocument[]) => void;
}) {
  const hintId = useId();
  const change = (index: number, next: Partial<CaptionTrackDocument>) =>
    onChange(updateAt(tracks, index, (track) => ({ ...track, ...next })));
  return (
    <fieldset className="space-y-3" aria-describedby={hintId}>
      <legend className="mb-1 font-semibold text-ink-900">Captions</legend>
      <p id={hintId} className="text-sm text-ink-700">
        A WebVTT file (.vtt) per language: learners turn the captions on in the player and read the
        words as a transcript below it.
      </p>
      {tracks.map((track, index) => (
        <CaptionTrackRow
          key={index}
          track={track}
          number={index + 1}
          onChange={(next) => change(index, next)}
          onRemove={() => onChange(tracks.filter((_, at) => at !== index))}
        />
      ))}
      {tracks.length < CAPTION_TRACKS_MAX && (
        <Button
          variant="secondary"
          className="px-3 py-1 text-sm"
          onClick={() => onChange([...tracks, { language: '', label: '', vtt: '' }])}
        >
          Add captions
        </Button>
      )}
    </fieldset>
  );
}

function CaptionTrackRow({
  track,
  number,
  onChange,
  onRemove,
}: {
  track: CaptionTrackDocument;
  number: number;
  onChange: (next: Partial<CaptionTrackDocument>) => void;
  onRemove: () => void;
}) {
  const fileId = useId();
  const [fileName, setFileName] = useState('');
  const reading = useMemo(() => readingOf(track.vtt), [track.vtt]);
  const name = track.label || `captions ${number}`;
  return (
    <div className="space-y-2 rounded-lg border border-ink-600/20 p-3">
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label={`Language tag (captions ${number})`}
          hint={<span className="text-xs text-ink-700">Such as en, de or pt-BR</span>}
          maxLength={20}
          value={track.language}
          onChange={(event) => onChange({ language: event.target.value })}
          className="max-w-40"
        />
        <TextField
          label={`Language name (captions ${number})`}
          maxLength={100}
          value={track.label}
          onChange={(event) => onChange({ label: event.target.value })}
        />
      </div>
      <label htmlFor={fileId} className="block text-sm font-medium text-ink-800">
        WebVTT file for {name}
      </label>
      <input
        id={fileId}
        type="file"
        accept=".vtt,text/vtt"
        className="block text-sm"
        onChange={async (event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          setFileName(file.name);
          onChange({ vtt: await file.text() });
        }}
      />
      {reading && (
        <p
          role={'error' in reading ? 'alert' : 'status'}
          className={`text-sm ${'error' in reading ? 'text-red-700' : 'text-ink-700'}`}
        >
          {'error' in reading
            ? `${fileName || 'This file'}: ${reading.error}`
            : `${reading.cues.length} ${reading.cues.length === 1 ? 'line' : 'lines'} of captions${fileName ? ` from ${fileName}` : ''}`}
        </p>
      )}
      <Button variant="ghost" className="px-3 py-1 text-sm" onClick={onRemove}>
        Remove captions: {name}
      </Button>
    </div>
  );
}

function readingOf(file: string): CaptionReading | undefined {
  if (!file) return undefined;
  if (file.length > CAPTION_FILE_MAX_LENGTH) return { error: captionFileTooLong };
  return readWebVtt(file);
}
