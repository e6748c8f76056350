import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanionSettings } from '../../src/shared/api/companion.ts';
import {
  FAKE_OPENAI_KEY,
  startFakeOpenAiServer,
  type FakeOpenAiServer,
} from '../../src/server/testing/fake-openai-server.ts';
import {
  LESSON,
  startWithEnrolledLearners,
  type Installation,
  type Learner,
  type ServerProcess,
} from './servers.ts';

const reflection =
  'I felt most sovereign walking by the sea at dawn, choosing each step and each breath, with the morning all mine.';
const slots = [
  { ...LESSON, promptId: 'most-sovereign-moment' },
  { ...LESSON, promptId: 'what-is-asking-to-change' },
  { ...LESSON, lessonId: 'noticing-your-leaks', promptId: 'where-energy-goes' },
];
// Like a browser, it keeps the connection open for more requests, for minutes.
const browserLikeAgent = new http.Agent({ keepAlive: true, timeout: 10 * 60_000 });

let vendor: FakeOpenAiServer;
let installation: Installation;
let learners: Learner[];
let firstServer: ServerProcess;
beforeAll(async () => {
  vendor = await startFakeOpenAiServer();
  ({
    installation,
    learners,
    server: firstServer,
  } = await startWithEnrolledLearners(3, {
    OPENAI_API_KEY: FAKE_OPENAI_KEY,
    OPENAI_BASE_URL: vendor.url,
  }));
  for (const learner of learners) await acceptAiNotice(firstServer, learner);
});
afterAll(async () => {
  browserLikeAgent.destroy();
  await installation.close();
  await vendor.close();
});

const submit = (server: ServerProcess, learner: Learner, slot: (typeof slots)[number]) =>
  fetch(`${server.url}/api/learning/reflections`, {
    method: 'PUT',
    headers: { cookie: learner.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ ...slot, response: reflection, action: 'submit' }),
  });

/** Accepts the AI notice as the panel does, so the companion may call the vendor. */
async function acceptAiNotice(server: ServerProcess, learner: Learner) {
  const url = `${server.url}/api/companion/settings`;
  const headers = { cookie: learner.cookie, 'content-type': 'application/json' };
  const { aiNotice } = (await (await fetch(url, { headers })).json()) as CompanionSettings;
  const { provider, model } = aiNotice!;
  const accepted = await fetch(url, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ acceptedAiNotice: { provider, model } }),
  });
  expect(accepted.status).toBe(200);
}

/** A chat message sent as a browser does, its connection kept alive after the reply. */
function chat(server: ServerProcess, learner: Learner): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${server.url}/api/companion/courses/${LESSON.courseId}/messages`,
      {
        agent: browserLikeAgent,
        method: 'POST',
        headers: { cookie: learner.cookie, 'content-type': 'application/json' },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve(text));
      },
    );
    request.on('error', reject);
    request.end(
      JSON.stringify({ moduleId: LESSON.moduleId, lessonId: LESSON.lessonId, message: 'Hi' }),
    );
  });
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 50));
}

async function stopWithinBound(server: ServerProcess) {
  const signalled = performance.now();
  server.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  const elapsed = performance.now() - signalled;
  expect(elapsed).toBeLessThan(15_000);
  expect(server.output()).not.toContain('the companion could not react');
}

const emotionsOf = async (learner: Learner) =>
  installation.query('select 1 from companion_emotions where user_id = $1', [learner.id]);

describe('SIGTERM while the AI vendor accepts calls and never answers', () => {
  it('with saves and a chat reply waiting on the vendor: exits within 15 s, each save with its emotion record', async () => {
    vendor.misbehave({ kind: 'hang' });
    const [chatter, ...savers] = learners as [Learner, Learner, Learner];
    const saves = savers.map((learner) => submit(firstServer, learner, slots[0]!));
    const reply = chat(firstServer, chatter);
    await until(() => vendor.requests.length === 3);

    await stopWithinBound(firstServer);
    expect((await Promise.all(saves)).map((response) => response.status)).toEqual([200, 200]);
    expect(await reply).toContain('event: done');
    for (const learner of savers) expect(await emotionsOf(learner)).toHaveLength(1);
  });

  it('with a pattern analysis running on after its save answered: it is written before the database closes', async () => {
    vendor.misbehave(null);
    const server = await installation.start();
    const learner = learners[0]!;
    await submit(server, learner, slots[0]!);
    await submit(server, learner, slots[1]!);
    vendor.misbehave({ kind: 'hang' });
    // The third reflection's analysis waits on the vendor long past the save's 10 s.
    await submit(server, learner, slots[2]!);
    await until(() =>
      vendor.requests.some((request) => request.messages[0]?.content.includes('"patterns"')),
    );

    await stopWithinBound(server);
    expect(await emotionsOf(learner)).toHaveLength(3);
    const patterns = await installation.query(
      'select 1 from companion_patterns where user_id = $1',
      [learner.id],
    );
    expect(patterns.length).toBeGreaterThan(0);
  });
});
