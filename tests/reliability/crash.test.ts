import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LESSON,
  startWithEnrolledLearners,
  type Installation,
  type Learner,
  type ServerProcess,
} from './servers.ts';

const LEARNERS = 50;
const AUTOSAVE_MS = 1000;

let installation: Installation;
let server: ServerProcess;
let learners: Learner[];
let promptId: string;

beforeAll(async () => {
  ({ installation, server, learners, promptId } = await startWithEnrolledLearners(LEARNERS));
});
afterAll(() => installation.close());

/** The text of a learner's nth autosave: the version is readable back from the stored text. */
const draft = (version: number) => `Draft ${version}: ${'what I notice when I pause. '.repeat(3)}`;
const versionOf = (text: string) => Number(/^Draft (\d+):/.exec(text)?.[1] ?? -1);

describe('kill -9 while 50 learners autosave their reflections', () => {
  it('keeps every reflection the server acknowledged with 200', async () => {
    const acknowledged = new Map<string, number>();
    let isRunning = true;
    const autosave = async (learner: Learner) => {
      for (let version = 1; isRunning; version++) {
        const saved = await fetch(`${server.url}/api/learning/reflections`, {
          method: 'PUT',
          headers: { cookie: learner.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ ...LESSON, promptId, response: draft(version) }),
        }).then(
          (response) => response.status === 200,
          () => false,
        );
        if (saved) acknowledged.set(learner.id, version);
        // Autosave fires a second after typing stops; learners type at once, so it stays busy.
        await new Promise((resolve) => setTimeout(resolve, AUTOSAVE_MS / 10));
      }
    };
    const typing = learners.map((learner) => autosave(learner));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    server.kill('SIGKILL');
    await server.exited;
    isRunning = false;
    await Promise.all(typing);

    const restarted = await installation.start();
    const lost: string[] = [];
    for (const learner of learners) {
      const response = await fetch(
        `${restarted.url}/api/learning/reflections?${new URLSearchParams(LESSON)}`,
        { headers: { cookie: learner.cookie } },
      );
      const { reflections } = (await response.json()) as { reflections: { response: string }[] };
      const stored = versionOf(reflections[0]?.response ?? '');
      if (stored < (acknowledged.get(learner.id) ?? 0)) lost.push(learner.email);
    }
    const saves = [...acknowledged.values()].reduce((sum, version) => sum + version, 0);
    console.info(
      `kill -9 under autosave: ${acknowledged.size} learners, about ${saves} saves acknowledged, ${lost.length} lost`,
    );
    expect(acknowledged.size).toBe(LEARNERS);
    expect(lost).toEqual([]);
  });
});
