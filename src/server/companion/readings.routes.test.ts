import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatternsView } from '../../shared/api/companion.ts';
import { OWN_DATA_ONLY } from '../http/guards.ts';
import { acceptAiNotice } from '../testing/ai-notice.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import {
  FAKE_OPENAI_KEY,
  startFakeOpenAiServer,
  type FakeOpenAiServer,
} from '../testing/fake-openai-server.ts';
import { createAdmin, createEnrolledLearner, type TestUser } from '../testing/users.ts';
import { patternStopwords } from './offline-patterns.ts';

let testApp: TestApp;
let fake: FakeOpenAiServer;
let ai: TestApp;
beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  [testApp, ai] = await Promise.all([
    buildTestApp(),
    buildTestApp({ OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: fake.url }),
  ]);
});
afterAll(async () => {
  await Promise.all([testApp.close(), ai.close()]);
  await fake.close();
});

const courseId = 'energy-sovereignty';
const patternsUrl = `/api/companion/courses/${courseId}/patterns`;
const lessonOne = {
  courseId,
  moduleId: 'reclaiming-your-field',
  lessonId: 'what-energy-sovereignty-means',
};
const lessonTwo = { courseId, moduleId: 'reclaiming-your-field', lessonId: 'noticing-your-leaks' };
const slots = [
  { ...lessonOne, promptId: 'most-sovereign-moment' },
  { ...lessonOne, promptId: 'what-is-asking-to-change' },
  { ...lessonTwo, promptId: 'where-energy-goes' },
  { ...lessonTwo, promptId: 'biggest-leak' },
];
const questions = {
  'most-sovereign-moment':
    'When in your life have you felt most sovereign, and what was present in you at that time?',
  'what-is-asking-to-change': 'What is asking to change in how you spend your energy right now?',
  'where-energy-goes': 'Where did your energy go today that you did not choose?',
  'biggest-leak':
    'Which leak feels the most familiar, and what do you believe it protects you from?',
};

/** The review's learner: saying yes is their leak, and a lexicon called "yes" a strength. */
const yesAndNoReflections = [
  'At work I keep saying yes to every request, yes to every meeting, and by evening my energy is gone and I feel anxious.',
  'I want to say no more often. Yes, I like being useful, but saying no makes me anxious and I want to be liked.',
  'Today I said yes again when I wanted to say no. I like my colleagues, yet my energy went to their deadlines.',
];

const cookieOf = (user: TestUser | undefined) => (user ? { cookie: user.cookie } : {});

const save = (user: TestUser, slot: (typeof slots)[number], response: string, { app } = testApp) =>
  app.inject({
    method: 'PUT',
    url: '/api/learning/reflections',
    headers: { cookie: user.cookie },
    payload: { ...slot, response, action: 'submit' },
  });

async function viewOf(user: TestUser, { app } = testApp): Promise<PatternsView> {
  const response = await app.inject({
    method: 'GET',
    url: patternsUrl,
    headers: cookieOf(user),
  });
  expect(response.statusCode).toBe(200);
  return response.json<PatternsView>();
}

const correct = (user: TestUser | undefined, id: string, payload: unknown) =>
  testApp.app.inject({
    method: 'PATCH',
    url: `/api/companion/emotions/${id}`,
    headers: cookieOf(user),
    payload: payload as object,
  });

const dismiss = (user: TestUser | undefined, id: string) =>
  testApp.app.inject({
    method: 'DELETE',
    url: `/api/companion/patterns/${id}`,
    headers: cookieOf(user),
  });

async function learnerWithPatterns(): Promise<{ learner: TestUser; view: PatternsView }> {
  const learner = await createEnrolledLearner(testApp.app, testApp.db);
  for (const [index, text] of yesAndNoReflections.entries()) {
    expect((await save(learner, slots[index]!, text)).statusCode).toBe(200);
  }
  return { learner, view: await viewOf(learner) };
}

describe('patterns without the AI service', () => {
  it('are never named after "yes", "no", "want" or "like", and name the reflections they rest on', async () => {
    const { view } = await learnerWithPatterns();
    const titles = view.patterns.map((pattern) => pattern.title);
    expect(titles).toEqual(
      expect.arrayContaining(['“energy” keeps returning', 'A recurring feeling: anxious']),
    );
    for (const title of titles) {
      const words = title.toLowerCase().match(/[a-z]+/g) ?? [];
      expect(words.filter((word) => ['yes', 'no', 'want', 'like'].includes(word))).toEqual([]);
    }
    const energy = view.patterns.find((pattern) => pattern.title.includes('energy'))!;
    expect(energy.evidence.map(({ lessonTitle, question }) => [lessonTitle, question])).toEqual([
      ['What Energy Sovereignty Means', questions['most-sovereign-moment']],
      ['Noticing Your Leaks', questions['where-energy-goes']],
    ]);
  });

  it('chart the review\'s "gone for good" reflection as hopeless, never hopeful', async () => {
    const learner = await createEnrolledLearner(testApp.app, testApp.db);
    await save(
      learner,
      slots[0]!,
      'Honestly I do not see the point of going on with any of this, nobody would notice if I was gone for good.',
    );
    const [reading] = (await viewOf(learner)).moods;
    expect(reading!.sentiment).toBeLessThan(0);
    expect(['joyful', 'hopeful']).not.toContain(reading!.primary);
    expect(['joyful', 'hopeful']).not.toContain(reading!.secondary);
  });

  it('keep the stopwords of the review out of every name', () => {
    for (const word of ['yes', 'no', 'want', 'like']) expect(patternStopwords.has(word)).toBe(true);
  });
});

describe('patterns from the AI service', () => {
  it('rest on the reflections the AI saw when it names none', async () => {
    const learner = await createEnrolledLearner(ai.app, ai.db);
    await acceptAiNotice(ai.app, learner);
    for (const [index, text] of yesAndNoReflections.entries()) {
      expect((await save(learner, slots[index]!, text, ai)).statusCode).toBe(200);
    }
    const [pattern] = (await viewOf(learner, ai)).patterns;
    expect(pattern!.title).toBe('Choosing yourself');
    expect(pattern!.evidence.map((reflection) => reflection.question)).toEqual(
      slots.slice(0, 3).map((slot) => questions[slot.promptId as keyof typeof questions]),
    );
  });
});

describe('correcting a reading', () => {
  it('answers 401 without a session', async () => {
    const response = await correct(undefined, crypto.randomUUID(), { isHidden: true });
    expect(response.statusCode).toBe(401);
  });

  it('answers 400 for an id that is not a record id, an unknown feeling, or half a correction', async () => {
    const learner = await createEnrolledLearner(testApp.app, testApp.db);
    const badId = await correct(learner, 'x'.repeat(40), { isHidden: true });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields).toHaveProperty('id');
    for (const payload of [
      { primary: 'ecstatic', sentiment: 3 },
      { primary: 'sad', sentiment: 11 },
      { primary: 'sad' },
      {},
    ]) {
      const response = await correct(learner, crypto.randomUUID(), payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const half = await correct(learner, crypto.randomUUID(), { sentiment: -2 });
    expect(half.json().error.message).toContain('expected primary and sentiment, or isHidden');
  });

  it("answers 403 for another learner's reading, and for an admin, and leaves it as it was", async () => {
    const { learner, view } = await learnerWithPatterns();
    const [other, admin] = await Promise.all([
      createEnrolledLearner(testApp.app, testApp.db),
      createAdmin(testApp.app, testApp.db),
    ]);
    const reading = view.moods[0]!;
    for (const caller of [other, admin]) {
      const response = await correct(caller, reading.id, { primary: 'joyful', sentiment: 9 });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(OWN_DATA_ONLY);
    }
    expect((await viewOf(learner)).moods[0]).toEqual(reading);
  });

  it('charts the learner’s own feeling, marked as theirs, and "this reading is wrong" hides it', async () => {
    const { learner, view } = await learnerWithPatterns();
    const [first, second] = view.moods;
    expect(first).toMatchObject({ isCorrected: false });

    expect((await correct(learner, first!.id, { primary: 'sad', sentiment: -4 })).statusCode).toBe(
      204,
    );
    expect((await viewOf(learner)).moods[0]).toMatchObject({
      id: first!.id,
      primary: 'sad',
      secondary: null,
      sentiment: -4,
      intensity: first!.intensity,
      isCorrected: true,
    });

    expect((await correct(learner, second!.id, { isHidden: true })).statusCode).toBe(204);
    const ids = (await viewOf(learner)).moods.map((mood) => mood.id);
    expect(ids).toHaveLength(view.moods.length - 1);
    expect(ids).not.toContain(second!.id);
  });
});

describe('dismissing a pattern', () => {
  it('answers 401 without a session and 400 for an id that is not a record id', async () => {
    expect((await dismiss(undefined, crypto.randomUUID())).statusCode).toBe(401);
    const learner = await createEnrolledLearner(testApp.app, testApp.db);
    expect((await dismiss(learner, 'not-an-id')).statusCode).toBe(400);
  });

  it("answers 403 for another learner's pattern, which stays in their view", async () => {
    const { learner, view } = await learnerWithPatterns();
    const other = await createEnrolledLearner(testApp.app, testApp.db);
    const response = await dismiss(other, view.patterns[0]!.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(OWN_DATA_ONLY);
    expect((await viewOf(learner)).patterns).toEqual(view.patterns);
  });

  it('stays gone after a later analysis, while the others come back renewed', async () => {
    const { learner, view } = await learnerWithPatterns();
    const dismissed = view.patterns.find((pattern) => pattern.title.includes('energy'))!;
    expect((await dismiss(learner, dismissed.id)).statusCode).toBe(204);
    expect((await viewOf(learner)).patterns.map((pattern) => pattern.id)).not.toContain(
      dismissed.id,
    );

    const completion = await testApp.app.inject({
      method: 'POST',
      url: '/api/learning/lesson-completions',
      headers: { cookie: learner.cookie },
      payload: lessonOne,
    });
    expect(completion.statusCode).toBe(200);
    const after = await viewOf(learner);
    expect(after.patterns.map((pattern) => pattern.title)).not.toContain(dismissed.title);
    expect(after.patterns.map((pattern) => pattern.title)).toContain(
      'A recurring feeling: anxious',
    );
    expect(after.patterns.map((pattern) => pattern.id)).not.toEqual(
      view.patterns.filter((pattern) => pattern.id !== dismissed.id).map((pattern) => pattern.id),
    );
  });
});
