import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PICTURE_MAX_BYTES, pictureMessages, readPicture } from './picture-file.ts';

/** Drawn and encoded by Chromium: a 320 × 180 PNG, a 40 × 30 JPEG and a 40 × 30 WebP (VP8X). */
const fixture = (name: string) => new Uint8Array(readFileSync(`tests/support/media/${name}`));
const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((character) => character.charCodeAt(0)) : part,
    ),
  );

describe('reading a picture from its first bytes', () => {
  it('knows a PNG and its size from the IHDR chunk', () => {
    expect(readPicture(fixture('course-picture.png'))).toEqual({
      kind: 'png',
      width: 320,
      height: 180,
    });
  });

  it('knows a JPEG and its size from the frame header after the other segments', () => {
    expect(readPicture(fixture('course-picture.jpg'))).toEqual({
      kind: 'jpeg',
      width: 40,
      height: 30,
    });
  });

  it('knows an extended WebP (VP8X) and its canvas size', () => {
    expect(readPicture(fixture('course-picture.webp'))).toEqual({
      kind: 'webp',
      width: 40,
      height: 30,
    });
  });

  it('knows a lossy WebP (VP8) and a lossless one (VP8L)', () => {
    const riff = (chunk: string, data: number[]) =>
      bytes('RIFF', [0, 0, 0, 0], 'WEBP', chunk, [data.length, 0, 0, 0], data);
    // Frame tag, start code, then 14-bit width and height (little-endian; scale bits above).
    const lossy = riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 0xb0, 0x04, 0xa3, 0x02]);
    expect(readPicture(lossy)).toEqual({ kind: 'webp', width: 1200, height: 675 });
    // Signature 0x2f, then width - 1 and height - 1 in 14 bits each: 1199 and 674.
    const packed = 1199 | (674 << 14);
    const lossless = riff('VP8L', [
      0x2f,
      packed & 0xff,
      (packed >> 8) & 0xff,
      (packed >> 16) & 0xff,
      (packed >> 24) & 0xff,
    ]);
    expect(readPicture(lossless)).toEqual({ kind: 'webp', width: 1200, height: 675 });
  });

  it('refuses a file by what it is, whatever it is called: text, a GIF, an SVG, a truncated PNG', () => {
    const refused = { error: pictureMessages.notPicture };
    expect(readPicture(bytes('hello, I am a picture.png'))).toEqual(refused);
    expect(readPicture(bytes('GIF89a', [1, 0, 1, 0]))).toEqual(refused);
    expect(readPicture(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual(refused);
    expect(readPicture(fixture('course-picture.png').slice(0, 20))).toEqual(refused);
    expect(readPicture(bytes([0xff, 0xd8, 0xff, 0xd9]))).toEqual(refused);
    expect(readPicture(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toEqual(refused);
  });

  it('refuses an empty file, one over 2 MB and one of absurd size in pixels', () => {
    expect(readPicture(new Uint8Array())).toEqual({ error: pictureMessages.empty });
    const large = new Uint8Array(PICTURE_MAX_BYTES + 1);
    large.set(fixture('course-picture.png'));
    expect(readPicture(large)).toEqual({ error: pictureMessages.tooLarge });
    const huge = fixture('course-picture.png');
    huge.set([0, 0, 0x4e, 0x21], 16); // 20,001 pixels wide
    expect(readPicture(huge)).toEqual({ error: pictureMessages.tooManyPixels });
  });

  it('refuses a zero-sized picture', () => {
    const empty = fixture('course-picture.png');
    empty.set([0, 0, 0, 0], 20);
    expect(readPicture(empty)).toEqual({ error: pictureMessages.notPicture });
  });
});
