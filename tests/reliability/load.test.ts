import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LESSON,
  startWithEnrolledLearners,
  type Installation,
  type Learner,
  type ServerProcess,
} from './servers.ts';

/** CI runs a short load; `npm run bench:reliability` runs the full 30 seconds. */
const SECONDS = Number(process.env.RELIABILITY_LOAD_SECONDS ?? 10);
const CONNECTIONS = 100;
const LEARNERS = 20;

let installation: Installation;
let server: ServerProcess;
let learners: Learner[];
let promptId: string;

beforeAll(async () => {
  ({ installation, server, learners, promptId } = await startWithEnrolledLearners(LEARNERS));
});
afterAll(() => installation.close());

const lessonPath = `/api/learning/courses/${LESSON.courseId}/modules/${LESSON.moduleId}/lessons/${LESSON.lessonId}`;

describe(`a load run: ${CONNECTIONS} connections for ${SECONDS} s`, () => {
  it('opens lesson pages and saves reflections without a single error', async () => {
    let turn = 0;
    const asLearner = (request: autocannon.Request) => {
      turn += 1;
      const learner = learners[turn % learners.length]!;
      return { ...request, headers: { ...request.headers, cookie: learner.cookie } };
    };
    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        { method: 'GET', path: lessonPath, setupRequest: asLearner },
        {
          method: 'PUT',
          path: '/api/learning/reflections',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            ...LESSON,
            promptId,
            response: 'What I notice under load: the breath, the pause, the choice.',
          }),
          setupRequest: asLearner,
        },
      ],
    });
    console.info(
      `load: ${result.requests.total} requests in ${SECONDS} s (${Math.round(result.requests.average)}/s), ` +
        `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; ` +
        `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`,
    );
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(result.requests.total).toBeGreaterThan(0);
  });
});
