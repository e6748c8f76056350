import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cueIndexAt,
  cueTimeLabel,
  cueWords,
  readWebVtt,
  toWebVtt,
  type CaptionCue,
} from './webvtt.ts';

const file = [
  'WEBVTT - The First Breath',
  '',
  'NOTE written by the creator',
  'for the English track',
  '',
  'STYLE',
  '::cue { color: white }',
  '',
  'intro',
  '00:00.500 --> 00:04.000 line:90%',
  '<v Ana>Breathe in slowly,',
  'through the nose.',
  '',
  '00:04.000 --> 00:08.250',
  'And let it go &amp; <i>rest</i>.',
  '',
  '01:00:02.000 --> 01:00:05.000',
  'The last words.',
].join('\r\n');

describe('readWebVtt', () => {
  it('reads the cues, skipping notes, styles and identifiers', () => {
    expect(readWebVtt(file)).toEqual({
      cues: [
        { start: 0.5, end: 4, text: '<v Ana>Breathe in slowly,\nthrough the nose.' },
        { start: 4, end: 8.25, text: 'And let it go &amp; <i>rest</i>.' },
        { start: 3602, end: 3605, text: 'The last words.' },
      ],
    });
  });

  it('refuses a file without the WEBVTT line, a bad timing, a cue ending first, or no cue', () => {
    expect(readWebVtt('1\n00:00:01,000 --> 00:00:02,000\nAn SRT file')).toEqual({
      error: 'a captions file starts with the line WEBVTT',
    });
    expect(readWebVtt('WEBVTT\n\n00:01 --> 00:02.000\nHello')).toEqual({
      error: 'line 3: expected a timing like 00:01.000 --> 00:04.000',
    });
    expect(readWebVtt('WEBVTT\n\n00:05.000 --> 00:02.000\nHello')).toEqual({
      error: 'line 3: a cue must end after it starts',
    });
    expect(readWebVtt('WEBVTT\n\nNOTE nothing to say')).toEqual({
      error: 'the captions file has no cues',
    });
  });

  it('reads back every cue it writes', () => {
    const cue = fc
      .record({
        start: fc.integer({ min: 0, max: 30 * 3_600_000 }),
        length: fc.integer({ min: 1, max: 60_000 }),
        text: fc
          .array(fc.stringMatching(/^[A-Za-z0-9 ,.!?'<>/]{0,40}$/), { minLength: 1, maxLength: 3 })
          .map((lines) => lines.map((line) => line.trim()).filter((line) => !line.includes('-->')))
          .map((lines) => lines.filter(Boolean).join('\n'))
          .filter(Boolean),
      })
      .map(({ start, length, text }) => ({
        start: start / 1000,
        end: (start + length) / 1000,
        text,
      }));
    fc.assert(
      fc.property(fc.array(cue, { minLength: 1, maxLength: 20 }), (cues: CaptionCue[]) => {
        const sorted = [...cues].sort((first, second) => first.start - second.start);
        expect(readWebVtt(toWebVtt(sorted))).toEqual({ cues: sorted });
      }),
    );
  });
});

describe('the transcript', () => {
  it('shows a cue’s words without markup', () => {
    expect(cueWords('<v Ana>Breathe in slowly,\nthrough the nose.')).toBe(
      'Breathe in slowly, through the nose.',
    );
    expect(cueWords('And let it go &amp; <i>rest</i>.')).toBe('And let it go & rest.');
  });

  it('follows the playback, and shows nothing between cues', () => {
    const cues = [
      { start: 1, end: 3, text: 'one' },
      { start: 3, end: 5, text: 'two' },
      { start: 8, end: 9, text: 'three' },
    ];
    expect([0, 1, 2.9, 3, 4.99, 6, 8.5, 10].map((at) => cueIndexAt(cues, at))).toEqual([
      -1, 0, 0, 1, 1, -1, 2, -1,
    ]);
  });

  it('labels a cue by where it starts', () => {
    expect([0, 65.4, 3725].map(cueTimeLabel)).toEqual(['0:00', '1:05', '1:02:05']);
  });
});
