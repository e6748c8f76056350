import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ChatDoneEvent,
  CompanionSettings,
  SuggestionResponse,
} from '../../shared/api/companion.ts';
import { companionSettings } from '../db/schema/companion.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import {
  FAKE_OPENAI_KEY,
  startFakeOpenAiServer,
  type FakeOpenAiServer,
} from '../testing/fake-openai-server.ts';
import { createEnrolledLearner, createUser, type TestUser } from '../testing/users.ts';

const PROVIDER = 'Test AI Provider';
const MODEL = 'gpt-test-mini';
let fake: FakeOpenAiServer;
let testApp: TestApp;

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  testApp = await buildTestApp({
    OPENAI_API_KEY: FAKE_OPENAI_KEY,
    OPENAI_BASE_URL: fake.url,
    OPENAI_MODEL: MODEL,
    OPENAI_PROVIDER_NAME: PROVIDER,
  });
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
});

const lesson = {
  courseId: 'energy-sovereignty',
  moduleId: 'reclaiming-your-field',
  lessonId: 'what-energy-sovereignty-means',
};
const draft =
  'My marriage is falling apart and I have not told anyone, not even my sister. We used to laugh a lot.';
const settingsUrl = '/api/companion/settings';

const settingsOf = async (user: TestUser) =>
  (
    await testApp.app.inject({ method: 'GET', url: settingsUrl, headers: { cookie: user.cookie } })
  ).json<CompanionSettings>();

const putSettings = (user: TestUser | undefined, payload: unknown) =>
  testApp.app.inject({
    method: 'PUT',
    url: settingsUrl,
    headers: user ? { cookie: user.cookie } : {},
    payload: payload as object,
  });

/** Everything a learner can write that the AI service could be asked about. */
async function writeEverywhere(user: TestUser) {
  const headers = { cookie: user.cookie };
  const chat = await testApp.app.inject({
    method: 'POST',
    url: `/api/companion/courses/${lesson.courseId}/messages`,
    headers,
    payload: { moduleId: lesson.moduleId, lessonId: lesson.lessonId, message: draft },
  });
  const done = /event: done\ndata: (.*)\n/.exec(chat.body)?.[1];
  for (const [promptId, action] of [
    ['most-sovereign-moment', 'autosave'],
    ['what-is-asking-to-change', 'save'],
  ] as const) {
    const saved = await testApp.app.inject({
      method: 'PUT',
      url: '/api/learning/reflections',
      headers,
      payload: { ...lesson, promptId, response: draft, action },
    });
    expect(saved.statusCode).toBe(200);
  }
  const suggestion = await testApp.app.inject({
    method: 'POST',
    url: '/api/companion/suggestions',
    headers,
    payload: { ...lesson, promptId: 'most-sovereign-moment', response: draft },
  });
  return {
    reply: (JSON.parse(done ?? 'null') as ChatDoneEvent).reply,
    suggestion: suggestion.json<SuggestionResponse>(),
  };
}

/** The vendor requests that carried the learner's words. */
const requestsCarryingDraft = () =>
  fake.requests.filter((request) => JSON.stringify(request.messages).includes('marriage')).length;

describe('consent before the first byte leaves', () => {
  it('a new learner sees a notice naming the provider and the model, and nothing is accepted', async () => {
    const learner = await createUser(testApp.app);
    expect(await settingsOf(learner)).toEqual({
      isAiEnabled: true,
      typingSpeed: 'medium',
      mode: 'awaiting-consent',
      aiNotice: { provider: PROVIDER, model: MODEL, acceptedAt: null },
    });
  });

  it('nothing a learner writes reaches the AI service before they accept, after they accept it does, and after they withdraw it no longer does', async () => {
    const learner = await createEnrolledLearner(testApp.app, testApp.db);
    let before = fake.requests.length;
    const beforeConsent = await writeEverywhere(learner);
    expect(fake.requests.length - before).toBe(0);
    expect(beforeConsent.reply.source).toBe('fallback');
    expect(beforeConsent.suggestion.source).toBe('fallback');

    const accepted = await putSettings(learner, {
      acceptedAiNotice: { provider: PROVIDER, model: MODEL },
    });
    expect(accepted.statusCode).toBe(200);
    const afterAccepting = accepted.json<CompanionSettings>();
    expect(afterAccepting.mode).toBe('ai');
    expect(Date.parse(afterAccepting.aiNotice!.acceptedAt!)).toBeGreaterThan(Date.now() - 60_000);
    const exported = await testApp.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: { cookie: learner.cookie },
    });
    expect(exported.json().companion.settings).toMatchObject({
      aiNoticeAcceptedAt: afterAccepting.aiNotice!.acceptedAt,
      aiNoticeProvider: PROVIDER,
      aiNoticeModel: MODEL,
    });
    before = fake.requests.length;
    const withConsent = await writeEverywhere(learner);
    expect(fake.requests.length - before).toBeGreaterThan(0);
    expect(requestsCarryingDraft()).toBeGreaterThan(0);
    expect(withConsent.reply.source).toBe('openai');
    expect(withConsent.suggestion.source).toBe('openai');

    const withdrawn = await putSettings(learner, { acceptedAiNotice: null });
    expect(withdrawn.json<CompanionSettings>()).toMatchObject({
      mode: 'awaiting-consent',
      aiNotice: { acceptedAt: null },
    });
    before = fake.requests.length;
    const afterWithdrawing = await writeEverywhere(learner);
    expect(fake.requests.length - before).toBe(0);
    expect(afterWithdrawing.reply.source).toBe('fallback');
  });

  it('asks again when the operator changes the provider or the model', async () => {
    const learner = await createUser(testApp.app);
    await putSettings(learner, { acceptedAiNotice: { provider: PROVIDER, model: MODEL } });
    expect((await settingsOf(learner)).mode).toBe('ai');
    for (const earlier of [
      { aiNoticeProvider: 'Another Provider', aiNoticeModel: MODEL },
      { aiNoticeProvider: PROVIDER, aiNoticeModel: 'gpt-older' },
    ]) {
      await testApp.db
        .update(companionSettings)
        .set(earlier)
        .where(eq(companionSettings.userId, learner.id));
      expect(await settingsOf(learner)).toMatchObject({
        mode: 'awaiting-consent',
        aiNotice: { provider: PROVIDER, model: MODEL, acceptedAt: null },
      });
    }
  });

  it('refuses to record consent to a notice other than the one set up (409)', async () => {
    const learner = await createUser(testApp.app);
    const response = await putSettings(learner, {
      acceptedAiNotice: { provider: 'Another Provider', model: MODEL },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'The AI notice has changed since it was shown. Please read it again.',
    );
    expect((await settingsOf(learner)).mode).toBe('awaiting-consent');
  });

  it('answers 401 without a session and 400 for a malformed acceptance', async () => {
    const learner = await createUser(testApp.app);
    const notice = { provider: PROVIDER, model: MODEL };
    expect((await putSettings(undefined, { acceptedAiNotice: notice })).statusCode).toBe(401);
    for (const acceptedAiNotice of [
      true,
      { provider: PROVIDER },
      { provider: 'x'.repeat(101), model: MODEL },
      { provider: PROVIDER, model: '' },
    ]) {
      const response = await putSettings(learner, { acceptedAiNotice });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}).join()).toMatch(/acceptedAiNotice/);
    }
    expect((await settingsOf(learner)).aiNotice!.acceptedAt).toBeNull();
  });
});
