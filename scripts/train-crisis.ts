/**
 * Learns the crisis detector's model from every labelled line in src/shared/rules/crisis-probes/
 * with each head's threshold chosen by cross-validation over its authors (crisis-evaluation.ts),
 * and writes src/shared/rules/crisis-weights.json, which the detector loads (the server and the
 * browser never train). Run after adding lines or changing the features: the unit tests fail
 * while the committed weights were learnt from other lines.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { corpusDigest, readCorpus, trainingLineOf } from '../src/shared/rules/crisis-corpus.ts';
import { calibratedThresholds } from '../src/shared/rules/crisis-evaluation.ts';
import { featurise, packWeights, trainModel } from '../src/shared/rules/crisis-model.ts';

const corpus = readCorpus();
const started = performance.now();
const featurised = featurise(corpus.map(trainingLineOf));
const weights = trainModel(featurised);
// Each head's threshold, chosen on authors held out of models learnt from the others.
const thresholds = calibratedThresholds(corpus, featurised);
const file = join(import.meta.dirname, '../src/shared/rules/crisis-weights.json');
const json = `${JSON.stringify(packWeights({ ...weights, thresholds, corpus: corpusDigest(corpus) }))}\n`;
writeFileSync(file, json);
console.log(
  `${corpus.length} lines, ${Object.keys(weights.features).length} features, ` +
    `${(json.length / 1024).toFixed(0)} KB (${(gzipSync(json).length / 1024).toFixed(0)} KB gzipped), ` +
    `thresholds ${thresholds.join(', ')}, learnt in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
