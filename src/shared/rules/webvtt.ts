/**
 * WebVTT captions (issue 36.5): the creator gives a file per language; the server reads its cues
 * once, at publish, and the lesson page gets them to show as the player's track and as the
 * transcript. Only what both need is kept: the times and the words of each cue.
 */

import { withThousands } from '../number-text.ts';

/** A caption file's largest size, in characters: some 20 hours of speech. */
export const CAPTION_FILE_MAX_LENGTH = 500_000;
/** What the editor and the server say of a file over that size. */
export const captionFileTooLong = `a captions file has at most ${withThousands(CAPTION_FILE_MAX_LENGTH)} characters`;
/** At most so many languages per video. */
export const CAPTION_TRACKS_MAX = 10;

export interface CaptionCue {
  /** Seconds from the start of the video. */
  start: number;
  end: number;
  /** The cue's text as written, markup included (`<i>`, `<v Name>`), for the player's track. */
  text: string;
}

export type CaptionReading = { cues: CaptionCue[] } | { error: string };

const timing =
  /^((?:\d{1,3}:)?\d{2}:\d{2}\.\d{3})[ \t]+-->[ \t]+((?:\d{1,3}:)?\d{2}:\d{2}\.\d{3})(?:[ \t].*)?$/;

/** Reads a WebVTT file (already bounded by `CAPTION_FILE_MAX_LENGTH`); an error names its line. */
export function readWebVtt(file: string): CaptionReading {
  const lines = file.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) {
    return { error: 'a captions file starts with the line WEBVTT' };
  }
  const cues: CaptionCue[] = [];
  let index = 1;
  while (index < lines.length) {
    const block = blockAt(lines, index);
    index = block.next;
    if (block.lines.length === 0) continue;
    const timingAt = block.lines.findIndex((line) => line.includes('-->'));
    if (timingAt === -1) continue; // A NOTE, STYLE or REGION block: nothing to show.
    const times = timing.exec(block.lines[timingAt] ?? '');
    const lineNumber = block.start + timingAt + 1;
    if (!times)
      return { error: `line ${lineNumber}: expected a timing like 00:01.000 --> 00:04.000` };
    const start = secondsOf(times[1] ?? '');
    const end = secondsOf(times[2] ?? '');
    if (end <= start) return { error: `line ${lineNumber}: a cue must end after it starts` };
    const text = block.lines
      .slice(timingAt + 1)
      .join('\n')
      .trim();
    if (text) cues.push({ start, end, text });
  }
  if (cues.length === 0) return { error: 'the captions file has no cues' };
  return { cues: cues.sort((first, second) => first.start - second.start) };
}

function blockAt(lines: string[], from: number): { lines: string[]; start: number; next: number } {
  let start = from;
  while (start < lines.length && (lines[start] ?? '').trim() === '') start += 1;
  let end = start;
  while (end < lines.length && (lines[end] ?? '').trim() !== '') end += 1;
  return { lines: lines.slice(start, end), start, next: end };
}

function secondsOf(timestamp: string): number {
  const [clock = '', milliseconds = '0'] = timestamp.split('.');
  const whole = clock.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  return (whole * 1000 + Number(milliseconds)) / 1000;
}

/** The cues as a WebVTT file again, for the player's track. */
export function toWebVtt(cues: readonly CaptionCue[]): string {
  const blocks = cues.map(
    (cue) => `${timestampOf(cue.start)} --> ${timestampOf(cue.end)}\n${cue.text}`,
  );
  return ['WEBVTT', ...blocks].join('\n\n') + '\n';
}

function timestampOf(seconds: number): string {
  const milliseconds = Math.round(seconds * 1000);
  const hours = Math.floor(milliseconds / 3_600_000);
  const minutes = Math.floor(milliseconds / 60_000) % 60;
  const rest = (milliseconds % 60_000) / 1000;
  return `${pad(hours)}:${pad(minutes)}:${rest.toFixed(3).padStart(6, '0')}`;
}

const pad = (value: number) => String(value).padStart(2, '0');

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&nbsp;': ' ',
  '&lrm;': '',
  '&rlm;': '',
};

/** A cue's words as the transcript shows them: no markup, one line. */
export function cueWords(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:amp|lt|gt|nbsp|lrm|rlm);/g, (entity) => entities[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The cue playing at `seconds`, as an index into `cues`, or -1 between cues. */
export function cueIndexAt(cues: readonly CaptionCue[], seconds: number): number {
  for (let index = cues.length - 1; index >= 0; index -= 1) {
    const cue = cues[index];
    if (cue && cue.start <= seconds) return seconds < cue.end ? index : -1;
  }
  return -1;
}

/** "1:05" or "1:02:05": where a cue starts, as the transcript shows it. */
export function cueTimeLabel(seconds: number): string {
  const whole = Math.floor(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor(whole / 60) % 60;
  const rest = pad(whole % 60);
  return hours > 0 ? `${hours}:${pad(minutes)}:${rest}` : `${minutes}:${rest}`;
}
