/**
 * Learns the crisis detector's model from every labelled line in src/shared/rules/crisis-probes/
 * and writes src/shared/rules/crisis-weights.json, which the detector loads (the server and the
 * browser never train). Run after adding lines or changing the features: the unit tests fail
 * while the committed weights were learnt from other lines.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { corpusDigest, readCorpus, trainingLineOf } from '../src/shared/rules/crisis-corpus.ts';
import { packWeights, trainModel } from '../src/shared/rules/crisis-model.ts';

const corpus = readCorpus();
const started = performance.now();
const weights = trainModel(corpus.map(trainingLineOf));
const file = join(import.meta.dirname, '../src/shared/rules/crisis-weights.json');
const json = `${JSON.stringify(packWeights({ ...weights, corpus: corpusDigest(corpus) }))}\n`;
writeFileSync(file, json);
console.log(
  `${corpus.length} lines, ${Object.keys(weights.features).length} features, ` +
    `${(json.length / 1024).toFixed(0)} KB (${(gzipSync(json).length / 1024).toFixed(0)} KB gzipped), ` +
    `learnt in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
