/**
 * A course picture an admin uploads (issue 36.1): what kind of file it is, read from its first
 * bytes (never its name or the browser's word for it), and its size in pixels, from its header.
 */
import { withThousands } from '../number-text.ts';

/** 2 MB: a course picture at 1200 × 675 is a few hundred kilobytes; a photo straight off a camera is not. */
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;
/** A side longer than this is a picture no page needs, and one a browser decodes at great cost. */
export const PICTURE_MAX_SIDE = 8_000;

export const pictureMessages = {
  notPicture: 'This file is not a JPEG, PNG or WebP picture.',
  empty: 'This file is empty.',
  tooLarge: 'This picture is larger than 2 MB. Please make it smaller and try again.',
  tooManyPixels: `A picture is at most ${withThousands(PICTURE_MAX_SIDE)} pixels wide and high.`,
} as const;

export const pictureKinds = {
  jpeg: { mediaType: 'image/jpeg', extension: 'jpg' },
  png: { mediaType: 'image/png', extension: 'png' },
  webp: { mediaType: 'image/webp', extension: 'webp' },
} as const;
export type PictureKind = keyof typeof pictureKinds;

export interface PictureFacts {
  kind: PictureKind;
  width: number;
  height: number;
}

/** What the bytes are, or the message that refuses them. */
export function readPicture(bytes: Uint8Array): PictureFacts | { error: string } {
  if (bytes.length === 0) return { error: pictureMessages.empty };
  if (bytes.length > PICTURE_MAX_BYTES) return { error: pictureMessages.tooLarge };
  const facts = readPng(bytes) ?? readJpeg(bytes) ?? readWebp(bytes);
  if (!facts || facts.width < 1 || facts.height < 1) return { error: pictureMessages.notPicture };
  if (Math.max(facts.width, facts.height) > PICTURE_MAX_SIDE) {
    return { error: pictureMessages.tooManyPixels };
  }
  return facts;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));
const uint16be = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
const uint16le = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);
const uint24le = (bytes: Uint8Array, at: number) => uint16le(bytes, at) | (bytes[at + 2]! << 16);
const uint32be = (bytes: Uint8Array, at: number) =>
  uint16be(bytes, at) * 65_536 + uint16be(bytes, at + 2);

/** The signature, then the IHDR chunk first, as the format requires. */
function readPng(bytes: Uint8Array): PictureFacts | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!startsWith(bytes, signature) || !startsWith(bytes, ascii('IHDR'), 12) || bytes.length < 24) {
    return null;
  }
  return { kind: 'png', width: uint32be(bytes, 16), height: uint32be(bytes, 20) };
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic), which carry the size. */
const jpegFrameMarkers = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

/** The segments after the start-of-image marker, walked by their lengths to the first frame header. */
function readJpeg(bytes: Uint8Array): PictureFacts | null {
  if (!startsWith(bytes, [0xff, 0xd8, 0xff])) return null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes, and markers that stand alone without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // image data before any frame header
    if (jpegFrameMarkers.has(marker)) {
      if (at + 9 > bytes.length) return null;
      return { kind: 'jpeg', width: uint16be(bytes, at + 7), height: uint16be(bytes, at + 5) };
    }
    const length = uint16be(bytes, at + 2);
    if (length < 2) return null;
    at += 2 + length;
  }
  return null;
}

/** RIFF…WEBP, then the first chunk: lossy (VP8), lossless (VP8L) or extended (VP8X). */
function readWebp(bytes: Uint8Array): PictureFacts | null {
  if (!startsWith(bytes, ascii('RIFF')) || !startsWith(bytes, ascii('WEBP'), 8)) return null;
  const data = 20;
  if (startsWith(bytes, ascii('VP8 '), 12) && startsWith(bytes, [0x9d, 0x01, 0x2a], data + 3)) {
    if (bytes.length < data + 10) return null;
    return {
      kind: 'webp',
      width: uint16le(bytes, data + 6) & 0x3fff,
      height: uint16le(bytes, data + 8) & 0x3fff,
    };
  }
  if (startsWith(bytes, ascii('VP8L'), 12) && bytes[data] === 0x2f && bytes.length >= data + 5) {
    const bits =
      bytes[data + 1]! |
      (bytes[data + 2]! << 8) |
      (bytes[data + 3]! << 16) |
      (bytes[data + 4]! << 24);
    return { kind: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (startsWith(bytes, ascii('VP8X'), 12) && bytes.length >= data + 10) {
    return {
      kind: 'webp',
      width: uint24le(bytes, data + 4) + 1,
      height: uint24le(bytes, data + 7) + 1,
    };
  }
  return null;
}
