import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CompanionSettings,
  Conversation,
  PatternsView,
  SuggestionResponse,
} from '../../shared/api/companion.ts';
import { aiUnavailableReply, companionMessages } from '../../shared/rules/companion.ts';
import { companionEmotions, companionMessages as messagesTable } from '../db/schema/companion.ts';
import { companionPatterns } from '../db/schema/companion.ts';
import { acceptAiNotice } from '../testing/ai-notice.ts';
import { sendChat } from '../testing/companion-chat.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import {
  FAKE_OPENAI_KEY,
  startFakeOpenAiServer,
  type FakeOpenAiServer,
} from '../testing/fake-openai-server.ts';
import { createAdmin, createEnrolledLearner, createUser, type TestUser } from '../testing/users.ts';

const HELPLINE = 'Call the Test Helpline on 0800 000 000.';
let fake: FakeOpenAiServer;
let ai: TestApp;
let offline: TestApp;

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  [ai, offline] = await Promise.all([
    buildTestApp({
      OPENAI_API_KEY: FAKE_OPENAI_KEY,
      OPENAI_BASE_URL: fake.url,
      COMPANION_HELPLINE_TEXT: HELPLINE,
    }),
    buildTestApp({ COMPANION_REQUESTS_PER_MINUTE: '8', COMPANION_HELPLINE_TEXT: HELPLINE }),
  ]);
});
afterAll(async () => {
  await Promise.all([ai.close(), offline.close()]);
  await fake.close();
});

const courseId = 'energy-sovereignty';
const lessonOne = {
  courseId,
  moduleId: 'reclaiming-your-field',
  lessonId: 'what-energy-sovereignty-means',
};
const lessonTwo = { courseId, moduleId: 'reclaiming-your-field', lessonId: 'noticing-your-leaks' };
const reflectionSlots = [
  { ...lessonOne, promptId: 'most-sovereign-moment' },
  { ...lessonOne, promptId: 'what-is-asking-to-change' },
  { ...lessonTwo, promptId: 'where-energy-goes' },
];
const calmText =
  'I felt most sovereign walking by the sea at dawn, choosing each step and each breath, with my family asleep and the morning all mine.';
const heavyText =
  'I feel overwhelmed, hopeless and terrified; everything is awful and I am miserable and exhausted by all the demands on my time.';

/** A learner of the course who accepted the AI notice, as the panel asks before any AI reply. */
async function createConsentingLearner(testApp: TestApp): Promise<TestUser> {
  const learner = await createEnrolledLearner(testApp.app, testApp.db);
  await acceptAiNotice(testApp.app, learner);
  return learner;
}

const cookieOf = (user: TestUser | undefined) => (user ? { cookie: user.cookie } : {});

async function chat(testApp: TestApp, user: TestUser | undefined, message: string) {
  const { response, deltas, done } = await sendChat(testApp.app, user?.cookie, courseId, {
    moduleId: lessonOne.moduleId,
    lessonId: lessonOne.lessonId,
    message,
  });
  return { response, deltas: deltas.join(''), done };
}

const getJson = async <T>(testApp: TestApp, user: TestUser | undefined, url: string) => {
  const response = await testApp.app.inject({ method: 'GET', url, headers: cookieOf(user) });
  return { response, body: response.json<T>() };
};

const saveReflection = (
  testApp: TestApp,
  user: TestUser,
  slot: (typeof reflectionSlots)[number],
  response: string,
  action: 'autosave' | 'save' | 'submit' = 'save',
) =>
  testApp.app.inject({
    method: 'PUT',
    url: '/api/learning/reflections',
    headers: { cookie: user.cookie },
    payload: { ...slot, response, action },
  });

const requestSuggestion = (testApp: TestApp, user: TestUser | undefined, response: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/companion/suggestions',
    headers: cookieOf(user),
    payload: { ...reflectionSlots[0], response },
  });

describe('the conversation', () => {
  it('answers 401 without a session', async () => {
    const { response } = await getJson(
      ai,
      undefined,
      `/api/companion/courses/${courseId}/conversation`,
    );
    expect(response.statusCode).toBe(401);
  });

  it('answers 400 for a user id that is too long', async () => {
    const learner = await createEnrolledLearner(ai.app, ai.db);
    const { response } = await getJson(
      ai,
      learner,
      `/api/companion/courses/${courseId}/conversation?userId=${'x'.repeat(101)}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('userId');
  });

  it("answers 403 when a learner asks for another learner's conversation, and an admin may read it", async () => {
    const [learner, other] = await Promise.all([
      createEnrolledLearner(ai.app, ai.db),
      createEnrolledLearner(ai.app, ai.db),
    ]);
    await chat(ai, other, 'What is this lesson about?');
    const url = `/api/companion/courses/${courseId}/conversation?userId=${other.id}`;
    expect((await getJson(ai, learner, url)).response.statusCode).toBe(403);
    const admin = await createAdmin(ai.app, ai.db);
    const asAdmin = await getJson<Conversation>(ai, admin, url);
    expect(asAdmin.body.messages.map((message) => message.sender)).toEqual(['user', 'ai']);
  });

  it('comes back after a reload, and is stored encrypted', async () => {
    const learner = await createEnrolledLearner(ai.app, ai.db);
    await chat(ai, learner, 'Where do I leak my energy?');
    const { body } = await getJson<Conversation>(
      ai,
      learner,
      `/api/companion/courses/${courseId}/conversation`,
    );
    expect(body.messages[0]).toMatchObject({
      sender: 'user',
      content: 'Where do I leak my energy?',
    });
    const rows = await ai.db.select().from(messagesTable);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.content.includes('leak my energy'))).toBe(false);
  });
});

describe('sending a chat message (AI service)', () => {
  it('answers 401 without a session', async () => {
    expect((await chat(ai, undefined, 'Hello')).response.statusCode).toBe(401);
  });

  it('answers 400 for a blank message', async () => {
    const learner = await createEnrolledLearner(ai.app, ai.db);
    const { response } = await chat(ai, learner, '   ');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.message).toBe('Please enter a message.');
  });

  it('answers 403 in a course the learner has no access to', async () => {
    const learner = await createUser(ai.app);
    expect((await chat(ai, learner, 'Hello')).response.statusCode).toBe(403);
  });

  it('streams a reply from the AI service, grounded in the lesson and the recent reflections', async () => {
    const learner = await createConsentingLearner(ai);
    await saveReflection(ai, learner, reflectionSlots[0]!, calmText);
    const before = fake.requests.length;
    const { response, deltas, done } = await chat(ai, learner, 'What is this lesson inviting?');
    expect(response.headers['content-type']).toMatch(/text\/event-stream/);
    expect(deltas).toBe(
      'Thank you for sharing. In “What Energy Sovereignty Means”, notice what your words are asking of you.',
    );
    expect(done.reply).toMatchObject({ sender: 'ai', content: deltas, source: 'openai' });
    expect(done.isDegraded).toBe(false);
    const sent = fake.requests.slice(before).find((request) => request.stream)!;
    expect(sent).toMatchObject({ temperature: 0.7, max_tokens: 1000 });
    expect(sent.messages[0]!.content).toContain('Lesson: What Energy Sovereignty Means');
    expect(sent.messages[0]!.content).toContain('walking by the sea at dawn');
  });

  it('answers words of crisis with the safety reply and the helpline, without the AI service', async () => {
    const learner = await createConsentingLearner(ai);
    const before = fake.requests.length;
    const { deltas, done } = await chat(ai, learner, 'Honestly I want to die, nothing helps');
    expect(deltas).toBe('');
    expect(done.reply.kind).toBe('safety');
    expect(done.reply.content).toContain(HELPLINE);
    expect(done.reply.content).toContain('not a counsellor or a crisis service');
    expect(fake.requests.length).toBe(before);
  });

  it('says the AI is unavailable, then gives the keyword reply, when the AI service fails after one retry', async () => {
    const learner = await createConsentingLearner(ai);
    fake.failWith(500);
    const before = fake.requests.length;
    try {
      const { deltas, done } = await chat(ai, learner, 'I am stuck on this');
      expect(deltas).toBe(aiUnavailableReply('I am stuck on this'));
      expect(deltas).toContain(companionMessages.unavailableReply);
      expect(done.reply.source).toBe('fallback');
      expect(done.isDegraded).toBe(true);
      expect(fake.requests.length - before).toBe(2);
    } finally {
      fake.failWith(null);
    }
  });
});

describe('suggestions', () => {
  it('answers 401 without a session', async () => {
    expect((await requestSuggestion(ai, undefined, calmText)).statusCode).toBe(401);
  });

  it('answers 400 below 50 characters', async () => {
    const learner = await createEnrolledLearner(ai.app, ai.db);
    const response = await requestSuggestion(ai, learner, 'Too short.');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'A suggestion needs at least 50 characters of reflection.',
    );
  });

  it('answers 403 in a course the learner has no access to', async () => {
    const learner = await createUser(ai.app);
    expect((await requestSuggestion(ai, learner, calmText)).statusCode).toBe(403);
  });

  it('comes from the AI service as validated JSON', async () => {
    const learner = await createConsentingLearner(ai);
    const response = await requestSuggestion(ai, learner, calmText);
    expect(response.json<SuggestionResponse>()).toEqual({
      suggestion: {
        text: 'What would change if you trusted this feeling a little more?',
        type: 'insight',
      },
      source: 'openai',
      isAtRisk: false,
      concern: null,
    });
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({
      temperature: 0.7,
      max_tokens: 150,
      response_format: { type: 'json_object' },
    });
  });

  it('comes from the four fallback types without the AI service', async () => {
    const learner = await createEnrolledLearner(offline.app, offline.db);
    const response = await requestSuggestion(offline, learner, calmText);
    const { suggestion, source } = response.json<SuggestionResponse>();
    expect(source).toBe('fallback');
    expect(['deepening', 'clarity', 'insight', 'connection']).toContain(suggestion!.type);
    expect(suggestion!.text.length).toBeGreaterThan(20);
  });
});

describe('patterns and moods', () => {
  const patternsUrl = `/api/companion/courses/${courseId}/patterns`;

  it('answers 401 without a session, 400 for a bad user id, 403 for another learner', async () => {
    const [learner, other] = await Promise.all([
      createEnrolledLearner(ai.app, ai.db),
      createEnrolledLearner(ai.app, ai.db),
    ]);
    expect((await getJson(ai, undefined, patternsUrl)).response.statusCode).toBe(401);
    expect(
      (await getJson(ai, learner, `${patternsUrl}?userId=${'x'.repeat(101)}`)).response.statusCode,
    ).toBe(400);
    expect(
      (await getJson(ai, learner, `${patternsUrl}?userId=${other.id}`)).response.statusCode,
    ).toBe(403);
  });

  it('the AI reads each saved reflection, comforts a strong feeling and finds patterns after the third', async () => {
    const learner = await createConsentingLearner(ai);
    await saveReflection(ai, learner, reflectionSlots[0]!, calmText);
    await saveReflection(ai, learner, reflectionSlots[1]!, heavyText);
    let view = await getJson<PatternsView>(ai, learner, patternsUrl);
    expect(view.body.patterns).toEqual([]);
    const emotionRequest = fake.requests.findLast((request) => request.max_tokens === 200)!;
    expect(emotionRequest.temperature).toBe(0.3);

    const conversation = await getJson<Conversation>(
      ai,
      learner,
      `/api/companion/courses/${courseId}/conversation`,
    );
    expect(conversation.body.messages.map((message) => message.content)).toEqual([
      companionMessages.supportive.heavy,
    ]);

    await saveReflection(ai, learner, reflectionSlots[2]!, calmText);
    view = await getJson<PatternsView>(ai, learner, patternsUrl);
    expect(view.body.patterns).toMatchObject([{ title: 'Choosing yourself', type: 'growth' }]);
    expect(view.body.moods.map((mood) => [mood.intensity, mood.sentiment])).toEqual([
      [4, 4],
      [9, -7],
      [4, 4],
    ]);
    const rows = await ai.db.select().from(companionPatterns);
    expect(rows.some((row) => row.pattern.includes('Choosing'))).toBe(false);
    const emotions = await ai.db.select().from(companionEmotions);
    expect(emotions.some((row) => row.state.includes('overwhelmed'))).toBe(false);
  });

  it('an autosaved draft is not analysed', async () => {
    const learner = await createConsentingLearner(ai);
    await saveReflection(ai, learner, reflectionSlots[0]!, heavyText, 'autosave');
    const view = await getJson<PatternsView>(ai, learner, patternsUrl);
    expect(view.body.moods).toEqual([]);
  });

  it('without the AI service: the lexicon reads emotions and recurring themes become patterns', async () => {
    const learner = await createEnrolledLearner(offline.app, offline.db);
    await saveReflection(
      offline,
      learner,
      reflectionSlots[0]!,
      `${heavyText} My boundaries feel thin.`,
    );
    await saveReflection(
      offline,
      learner,
      reflectionSlots[1]!,
      `${calmText} I want stronger boundaries.`,
    );
    await saveReflection(
      offline,
      learner,
      reflectionSlots[2]!,
      'Saying no protects my boundaries, and I am slowly learning that my energy is mine to give or to keep for myself.',
    );
    const { body } = await getJson<PatternsView>(offline, learner, patternsUrl);
    expect(body.moods[0]!.intensity).toBeGreaterThan(7);
    expect(body.moods[0]!.sentiment).toBeLessThan(0);
    expect(body.patterns.map((pattern) => pattern.title)).toContain('“boundaries” keeps returning');
    const conversation = await getJson<Conversation>(
      offline,
      learner,
      `/api/companion/courses/${courseId}/conversation`,
    );
    expect(conversation.body.messages[0]!.content).toBe(companionMessages.supportive.heavy);
  });

  it('a reflection with words of self-harm brings the safety message into the chat', async () => {
    const learner = await createEnrolledLearner(offline.app, offline.db);
    await saveReflection(
      offline,
      learner,
      reflectionSlots[0]!,
      'Some nights I think about hurting myself when the pressure builds and nobody sees how tired I am.',
    );
    const { body } = await getJson<Conversation>(
      offline,
      learner,
      `/api/companion/courses/${courseId}/conversation`,
    );
    expect(body.messages.at(-1)!.content).toContain(HELPLINE);
    expect(
      body.messages.some((message) => message.content === companionMessages.supportive.heavy),
    ).toBe(false);
  });

  it('a completed lesson brings a congratulation and a pattern analysis', async () => {
    const learner = await createEnrolledLearner(offline.app, offline.db);
    for (const slot of reflectionSlots.slice(0, 2)) {
      await saveReflection(offline, learner, slot, calmText);
    }
    await saveReflection(
      offline,
      learner,
      { ...lessonTwo, promptId: 'biggest-leak' },
      calmText,
      'autosave',
    );
    const completion = await offline.app.inject({
      method: 'POST',
      url: '/api/learning/lesson-completions',
      headers: { cookie: learner.cookie },
      payload: lessonOne,
    });
    expect(completion.statusCode).toBe(200);
    const { body } = await getJson<Conversation>(
      offline,
      learner,
      `/api/companion/courses/${courseId}/conversation`,
    );
    expect(body.messages.at(-1)!.content).toBe(
      companionMessages.lessonCongratulation('What Energy Sovereignty Means'),
    );
  });
});

describe('settings', () => {
  const settingsUrl = '/api/companion/settings';
  const put = (testApp: TestApp, user: TestUser | undefined, payload: unknown) =>
    testApp.app.inject({
      method: 'PUT',
      url: settingsUrl,
      headers: cookieOf(user),
      payload: payload as object,
    });

  it('answers 401 without a session, 400 for an empty or wrong change, 403 for another learner', async () => {
    const [learner, other] = await Promise.all([createUser(ai.app), createUser(ai.app)]);
    expect((await put(ai, undefined, { typingSpeed: 'fast' })).statusCode).toBe(401);
    expect((await put(ai, learner, {})).statusCode).toBe(400);
    expect((await put(ai, learner, { typingSpeed: 'warp' })).statusCode).toBe(400);
    expect(
      (await getJson(ai, learner, `${settingsUrl}?userId=${other.id}`)).response.statusCode,
    ).toBe(403);
  });

  it('start at Medium with the AI on, waiting for the notice to be accepted, and are remembered', async () => {
    const learner = await createUser(ai.app);
    expect((await getJson<CompanionSettings>(ai, learner, settingsUrl)).body).toEqual({
      isAiEnabled: true,
      typingSpeed: 'medium',
      mode: 'awaiting-consent',
      aiNotice: { provider: new URL(fake.url).host, model: 'gpt-4o-mini', acceptedAt: null },
    });
    await put(ai, learner, { typingSpeed: 'slow' });
    expect((await getJson<CompanionSettings>(ai, learner, settingsUrl)).body.typingSpeed).toBe(
      'slow',
    );
  });

  it('say fallback without an AI key, with no notice to accept', async () => {
    const learner = await createUser(offline.app);
    expect((await getJson<CompanionSettings>(offline, learner, settingsUrl)).body).toMatchObject({
      mode: 'fallback',
      aiNotice: null,
    });
  });

  it('with the companion switched off, nothing of the learner reaches the AI service', async () => {
    const learner = await createConsentingLearner(ai);
    const off = await put(ai, learner, { isAiEnabled: false });
    expect(off.json<CompanionSettings>()).toMatchObject({ isAiEnabled: false, mode: 'off' });
    const before = fake.requests.length;
    const { done } = await chat(ai, learner, 'Thanks for the help with my journal');
    expect(done.reply.source).toBe('fallback');
    await saveReflection(ai, learner, reflectionSlots[0]!, heavyText);
    expect((await requestSuggestion(ai, learner, calmText)).json<SuggestionResponse>().source).toBe(
      'fallback',
    );
    expect(fake.requests.length).toBe(before);
  });
});

describe('limits', () => {
  it('a learner sending too many messages in a minute gets 429', async () => {
    const learner = await createEnrolledLearner(offline.app, offline.db);
    const statuses: number[] = [];
    for (let index = 0; index < 9; index++) {
      statuses.push((await chat(offline, learner, `Message ${index}`)).response.statusCode);
    }
    expect(statuses.slice(0, 8).every((status) => status === 200)).toBe(true);
    expect(statuses[8]).toBe(429);
  });

  it('past the daily token cap the companion falls back', async () => {
    const capped = await buildTestApp({
      OPENAI_API_KEY: FAKE_OPENAI_KEY,
      OPENAI_BASE_URL: fake.url,
      COMPANION_DAILY_TOKEN_LIMIT: '100',
    });
    try {
      const learner = await createConsentingLearner(capped);
      expect((await chat(capped, learner, 'first')).done.reply.source).toBe('openai');
      expect((await chat(capped, learner, 'second')).done.reply.source).toBe('openai');
      const third = await chat(capped, learner, 'third');
      expect(third.done.reply.source).toBe('fallback');
      expect(third.done.isDegraded).toBe(false);
    } finally {
      await capped.close();
    }
  });
});
