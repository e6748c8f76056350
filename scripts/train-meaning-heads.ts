/**
 * Learns the sentence reader's heads (src/shared/rules/meaning-heads.json) from the crisis
 * corpus and the programme's words, with their thresholds held out by author. Each line is
 * encoded once, whole and in its windows, and kept in
 * src/shared/rules/crisis-probes/sentence-embeddings.bin; a line added is encoded on the next run
 * (about 40 ms a line), a line removed is dropped.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  EMBEDDINGS_FILE,
  firstContactVoices,
  meaningTrainingLines,
  packEmbeddings,
  readEmbeddings,
  textKey,
  textsToEncode,
  trainMeaningHeads,
  type Embeddings,
} from '../src/shared/rules/meaning-training.ts';
import { encodeSentences } from '../src/server/companion/sentence-encoder.ts';

/** Encoding on a busy machine is slow, never stuck: a batch that takes this long is an error. */
const ENCODING_TIMEOUT_MS = 120_000;
const BATCH = 16;

const lines = meaningTrainingLines();
const cached = readEmbeddings();
const texts = [...new Set([...lines, ...firstContactVoices()].flatMap(textsToEncode))];
const missing = texts.filter((text) => !cached.has(textKey(text)));
const embeddings: Embeddings = new Map(
  texts
    .filter((text) => cached.has(textKey(text)))
    .map((text) => [textKey(text), cached.get(textKey(text))!]),
);
for (let start = 0; start < missing.length; start += BATCH) {
  const batch = missing.slice(start, start + BATCH);
  const encoded = await encodeSentences(batch, ENCODING_TIMEOUT_MS);
  batch.forEach((text, index) => embeddings.set(textKey(text), encoded[index]!));
}
writeFileSync(EMBEDDINGS_FILE, packEmbeddings(embeddings));
// Learnt from the stored bytes, as the tests and the bench read them.
const started = performance.now();
const heads = trainMeaningHeads(lines, readEmbeddings());
const file = join(import.meta.dirname, '../src/shared/rules/meaning-heads.json');
writeFileSync(file, `${JSON.stringify(heads)}\n`);
console.log(
  `${embeddings.size} texts encoded (${missing.length} new), heads ${heads.heads
    .map((head) => `${head.concern} at ${head.threshold}`)
    .join(', ')}, learnt in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
