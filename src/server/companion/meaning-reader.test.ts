import { describe, expect, it, vi } from 'vitest';
import { assessCrisis } from '../../shared/rules/crisis-detection.ts';
import { REFLECTION_MAX_LENGTH } from '../../shared/rules/reflection.ts';
import {
  firstContactVoices,
  meaningTrainingLines,
  readEmbeddings,
  textKey,
} from '../../shared/rules/meaning-training.ts';
import { linesOnlyMeaningReads } from '../testing/lines-only-meaning-reads.ts';
import { createMeaningReader } from './meaning-reader.ts';
import { MOST_TEXTS_WAITING, encodeSentences } from './sentence-encoder.ts';

describe('the reader of meaning', () => {
  it('recognises what the detector alone reads as calm, and names its concern', async () => {
    const reader = createMeaningReader(() => {});
    for (const [concern, text] of Object.entries(linesOnlyMeaningReads)) {
      expect(assessCrisis(text).level, text).toBe('none');
      expect(await reader.readRisk(text)).toEqual({ level: 'at-risk', concern });
    }
  });

  it('reads a line at risk alike whatever calm sentences are written around it', async () => {
    const reader = createMeaningReader(() => {});
    const before = 'The lesson was about fire.';
    const after = 'Today I sat by the window and felt the morning light on my face.';
    for (const [concern, text] of Object.entries(linesOnlyMeaningReads)) {
      for (const around of [
        `${before} ${text}`,
        `${text} ${after}`,
        `${before} ${text} ${after}`,
      ]) {
        expect(await reader.readRisk(around), around).toEqual({ level: 'at-risk', concern });
      }
    }
  });

  it('reads the end of a reflection of the longest length, beyond what the encoder reads at once', async () => {
    // Its first reading takes about 2 s: this is about what is read, not how soon.
    const reader = createMeaningReader(() => {}, { timeoutMs: 30_000 });
    const text = longestCalmReflection();
    expect(await reader.readRisk(text)).toBeNull();
    const ending = linesOnlyMeaningReads['harm-from-others'];
    expect(await reader.readRisk(`${text}${ending}`)).toEqual({
      level: 'at-risk',
      concern: 'harm-from-others',
    });
  });

  it('reads another learner’s line in time while a long reflection is first read', async () => {
    // The long reflection's hundred and more pieces are sent a few at a time, not all at once.
    const pasting = createMeaningReader(() => {}, { timeoutMs: 30_000 });
    const long = pasting.readRisk(
      `${longestCalmReflection()}${linesOnlyMeaningReads['harm-from-others']}`,
    );
    const onFailure = vi.fn();
    const typing = createMeaningReader(onFailure);
    expect(await typing.readRisk(linesOnlyMeaningReads['eating-disorder'])).toEqual({
      level: 'at-risk',
      concern: 'eating-disorder',
    });
    expect(onFailure).not.toHaveBeenCalled();
    expect(await long).toEqual({ level: 'at-risk', concern: 'harm-from-others' });
  });

  it('reads a calm reflection as calm', async () => {
    const reader = createMeaningReader(() => {});
    expect(
      await reader.readRisk('Today I sat by the window and felt the morning light on my face.'),
    ).toBeNull();
  });

  it('that cannot answer in time leaves the detector’s reading standing, and says so', async () => {
    const onFailure = vi.fn();
    const reader = createMeaningReader(onFailure, { timeoutMs: 0 });
    expect(await reader.readRisk(linesOnlyMeaningReads['eating-disorder'])).toBeNull();
    expect(onFailure).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringContaining('longer than 0 ms') }),
    );
  });

  it('that is busy leaves the detector’s reading standing at once, rather than queue behind', async () => {
    // The thread answers in order: once this is read, nothing sent before still waits.
    await encodeSentences(['A line to wait for.'], 60_000);
    const busy = encodeSentences(
      Array.from({ length: MOST_TEXTS_WAITING }, (_, index) => `A calm line, number ${index}.`),
      60_000,
    );
    const onFailure = vi.fn();
    const reader = createMeaningReader(onFailure);
    expect(await reader.readRisk(linesOnlyMeaningReads['harm-from-others'])).toBeNull();
    expect(onFailure).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringContaining('is busy') }),
    );
    await busy;
    expect(await reader.readRisk(linesOnlyMeaningReads['harm-from-others'])).not.toBeNull();
  });

  it('learnt from the numbers the encoder gives today (the stored ones are its own)', async () => {
    const stored = readEmbeddings();
    const lines = [...meaningTrainingLines(), ...firstContactVoices()];
    for (const { text } of lines.filter((_, index) => index % 1_000 === 0)) {
      const [live] = await encodeSentences([text], 30_000);
      const kept = stored.get(textKey(text))!;
      let dot = 0;
      let liveNorm = 0;
      let keptNorm = 0;
      live!.forEach((value, index) => {
        dot += value * kept[index]!;
        liveNorm += value ** 2;
        keptNorm += kept[index]! ** 2;
      });
      expect(dot / Math.sqrt(liveNorm * keptNorm), text).toBeGreaterThan(0.999);
    }
  });
});

/** Calm sentences, each a little different, up to nearly the longest reflection. */
function longestCalmReflection(): string {
  const calm = (index: number) =>
    `Today I noticed the way my breath settles when I sit by window ${index}, and I felt lighter. `;
  let text = '';
  for (let index = 0; text.length < REFLECTION_MAX_LENGTH - 200; index++) text += calm(index);
  return text;
}
