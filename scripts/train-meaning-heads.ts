/**
 * Learns the sentence reader's heads (src/shared/rules/meaning-heads.json) from the crisis
 * corpus and the programme's words, with their thresholds held out by author. Each line is
 * encoded once and kept in src/shared/rules/crisis-probes/sentence-embeddings.bin; a line added
 * is encoded on the next run (about 40 ms a line), a line removed is dropped.
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
  trainMeaningHeads,
  type Embeddings,
} from '../src/shared/rules/meaning-training.ts';
import { encodeSentence } from '../src/server/companion/sentence-encoder.ts';

/** Encoding on a busy machine is slow, never stuck: a line that takes this long is an error. */
const ENCODING_TIMEOUT_MS = 60_000;

const lines = meaningTrainingLines();
const cached = readEmbeddings();
const embeddings: Embeddings = new Map();
let encoded = 0;
for (const { text } of [...lines, ...firstContactVoices()]) {
  const key = textKey(text);
  if (embeddings.has(key)) continue;
  const embedding = cached.get(key) ?? (await encodeSentence(text, ENCODING_TIMEOUT_MS));
  if (!cached.has(key)) encoded += 1;
  embeddings.set(key, embedding);
}
writeFileSync(EMBEDDINGS_FILE, packEmbeddings(embeddings));
// Learnt from the stored bytes, as the tests and the bench read them.
const started = performance.now();
const heads = trainMeaningHeads(lines, readEmbeddings());
const file = join(import.meta.dirname, '../src/shared/rules/meaning-heads.json');
writeFileSync(file, `${JSON.stringify(heads)}\n`);
console.log(
  `${embeddings.size} lines encoded (${encoded} new), heads ${heads.heads
    .map((head) => `${head.concern} at ${head.threshold}`)
    .join(', ')}, learnt in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
