import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Conversation,
  PatternsView,
  SafetyEvents,
  SafetyHelp,
  SuggestionResponse,
} from '../../shared/api/companion.ts';
import type { SavedReflection } from '../../shared/api/learning.ts';
import { pastDarknessReply, safetyAlertNotice } from '../../shared/rules/companion.ts';
import { companionSafetyEvents } from '../db/schema/companion.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { acceptAiNotice } from '../testing/ai-notice.ts';
import { sendChat } from '../testing/companion-chat.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import {
  FAKE_MODERATION_SELF_HARM,
  FAKE_OPENAI_KEY,
  FAKE_RISK,
  startFakeOpenAiServer,
  type FakeOpenAiServer,
} from '../testing/fake-openai-server.ts';
import { linesOnlyMeaningReads } from '../testing/lines-only-meaning-reads.ts';
import { createAdmin, createEnrolledLearner, type TestUser } from '../testing/users.ts';

const HELPLINE = 'Call the Test Helpline on 0800 000 000.';
const ALERTS = 'care-team@sovereign.test';
const CHILD_HELPLINE = 'Call the Test Children’s Line on 0800 1111, any time.';
/** Phrasings none of the detector's tests hold word for word. */
const crisisTexts = [
  'honestly i have been saving my sleeping tablets and i think this weekend is when i finally end it',
  'i keep thinking everyone at home would breathe easier if i just was not around anymore',
  'i w4nt to k1ll mys3lf',
];
/** The concerns beside suicide and self-harm, each met with its own help. */
const concernLines = {
  'eating-disorder': 'I made myself throw up again after dinner',
  'harm-from-others': 'my husband hits me when he drinks',
  'child-abuse': 'I am 14 and my stepdad hurts me',
} as const;
const concernTexts = Object.values(concernLines);
/** A dark time the learner came through; long enough to submit. */
const pastText =
  'I was suicidal years ago and this course reminds me how far I have come since those long nights alone.';
const calmText =
  'I felt most sovereign walking by the sea at dawn, choosing each step and each breath, with my family asleep and the morning all mine.';
const courseId = 'energy-sovereignty';
const slot = {
  courseId,
  moduleId: 'reclaiming-your-field',
  lessonId: 'what-energy-sovereignty-means',
  promptId: 'most-sovereign-moment',
};

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
      COMPANION_HELPLINE_PHONE: '0800 000 000',
      COMPANION_SAFETY_ALERT_EMAIL: ALERTS,
    }),
    buildTestApp({
      COMPANION_HELPLINE_TEXT: HELPLINE,
      COMPANION_CHILD_HELPLINE_TEXT: CHILD_HELPLINE,
      COMPANION_CHILD_HELPLINE_PHONE: '0800 1111',
      COMPANION_EMERGENCY_NUMBER: '911',
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([ai.close(), offline.close()]);
  await fake.close();
});

const modes = ['AI', 'fallback'] as const;
const appIn = (mode: (typeof modes)[number]) => (mode === 'AI' ? ai : offline);
/** Long enough to submit (100 characters). */
const longCrisisText = `${crisisTexts[1]!}, and ${crisisTexts[0]!}`;

async function chat(testApp: TestApp, user: TestUser, message: string) {
  const { deltas, done } = await sendChat(testApp.app, user.cookie, courseId, {
    moduleId: slot.moduleId,
    lessonId: slot.lessonId,
    message,
  });
  return { deltas: deltas.length, done };
}

const saveReflection = (
  testApp: TestApp,
  user: TestUser,
  response: string,
  action: 'autosave' | 'save' | 'submit',
) =>
  testApp.app.inject({
    method: 'PUT',
    url: '/api/learning/reflections',
    headers: { cookie: user.cookie },
    payload: { ...slot, response, action },
  });

const requestSuggestion = (testApp: TestApp, user: TestUser, response: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/companion/suggestions',
    headers: { cookie: user.cookie },
    payload: { ...slot, response },
  });

const conversationOf = async (testApp: TestApp, user: TestUser) =>
  (
    await testApp.app.inject({
      method: 'GET',
      url: `/api/companion/courses/${courseId}/conversation`,
      headers: { cookie: user.cookie },
    })
  ).json<Conversation>().messages;

/** A learner of the course; with the AI service, one who accepted its notice (015-ai-consent). */
async function createLearner(testApp: TestApp): Promise<TestUser> {
  const learner = await createEnrolledLearner(testApp.app, testApp.db);
  if (testApp === ai) await acceptAiNotice(testApp.app, learner);
  return learner;
}

/** Every byte the fake vendor has received, chat and moderation alike. */
const vendorTraffic = () => JSON.stringify([fake.requests, fake.moderated, fake.riskReadings]);

describe('words of crisis, on every path and in both modes', () => {
  it.each(modes)('%s mode: the chat answers with the safety reply, whole', async (mode) => {
    const app = appIn(mode);
    const learner = await createLearner(app);
    for (const text of crisisTexts) {
      const { deltas, done } = await chat(app, learner, text);
      expect(deltas).toBe(0);
      expect(done.reply).toMatchObject({ sender: 'ai', kind: 'safety' });
      expect(done.reply.content).toContain(HELPLINE);
    }
  });

  it.each(modes)('%s mode: a suggestion request gets help, not a suggestion', async (mode) => {
    const app = appIn(mode);
    const learner = await createLearner(app);
    const response = await requestSuggestion(app, learner, crisisTexts[0]!);
    expect(response.json<SuggestionResponse>()).toMatchObject({ suggestion: null, isAtRisk: true });
    expect((await conversationOf(app, learner)).at(-1)?.kind).toBe('safety');
  });

  it.each(modes)(
    '%s mode: an autosaved draft, a save and a submit each answer that help is needed',
    async (mode) => {
      const app = appIn(mode);
      const learner = await createLearner(app);
      for (const action of ['autosave', 'save', 'submit'] as const) {
        const response = await saveReflection(app, learner, longCrisisText, action);
        expect(response.statusCode).toBe(200);
        expect(response.json<SavedReflection>().isAtRisk).toBe(true);
      }
      const safetyReplies = (await conversationOf(app, learner)).filter(
        (message) => message.kind === 'safety',
      );
      expect(safetyReplies).toHaveLength(1);
    },
  );

  it('an autosave that repeats its draft records one safety event, not one per keystroke', async () => {
    const learner = await createEnrolledLearner(offline.app, offline.db);
    await saveReflection(offline, learner, crisisTexts[1]!, 'autosave');
    await saveReflection(offline, learner, `${crisisTexts[1]!} and`, 'autosave');
    const events = await offline.db
      .select()
      .from(companionSafetyEvents)
      .where(eq(companionSafetyEvents.userId, learner.id));
    expect(events).toHaveLength(1);
  });

  it.each(modes)(
    '%s mode: each concern gets its own reply and is counted as such',
    async (mode) => {
      const app = appIn(mode);
      const learner = await createLearner(app);
      for (const [concern, text] of Object.entries(concernLines)) {
        const { deltas, done } = await chat(app, learner, text);
        expect(deltas).toBe(0);
        expect(done.reply).toMatchObject({ kind: 'safety', concern });
        expect(done.reply.content).not.toContain(HELPLINE);
      }
      const events = await app.db
        .select()
        .from(companionSafetyEvents)
        .where(eq(companionSafetyEvents.userId, learner.id));
      expect(events.map((event) => event.concern).sort()).toEqual(Object.keys(concernLines).sort());
    },
  );

  it('a young person disclosing abuse is answered in words for them, with a children’s helpline', async () => {
    const learner = await createLearner(offline);
    const { done } = await chat(offline, learner, concernLines['child-abuse']);
    expect(done.reply.content).toContain('not your fault');
    expect(done.reply.content).toContain('trusted adult');
    expect(done.reply.content).toContain(CHILD_HELPLINE);
    expect(done.reply.content).not.toContain('counsellor or a crisis service');
    const saved = await saveReflection(offline, learner, concernLines['child-abuse'], 'autosave');
    expect(saved.json<SavedReflection>()).toMatchObject({ isAtRisk: true, concern: 'child-abuse' });
    const suggestion = await requestSuggestion(
      offline,
      learner,
      `${concernLines['eating-disorder']} and I keep skipping meals`,
    );
    expect(suggestion.json<SuggestionResponse>()).toMatchObject({
      isAtRisk: true,
      concern: 'eating-disorder',
    });
  });

  it('a calm reflection answers that no help is needed', async () => {
    const learner = await createEnrolledLearner(offline.app, offline.db);
    const response = await saveReflection(offline, learner, calmText, 'save');
    expect(response.json<SavedReflection>().isAtRisk).toBe(false);
  });
});

describe('nothing of a crisis leaves the server', () => {
  it('no at-risk text reaches the vendor, now or later as history, grounding or a reading', async () => {
    const learner = await createLearner(ai);
    for (const text of [...crisisTexts, ...concernTexts]) await chat(ai, learner, text);
    await requestSuggestion(ai, learner, crisisTexts[0]!);
    for (const text of concernTexts) await requestSuggestion(ai, learner, text);
    for (const action of ['autosave', 'save', 'submit'] as const) {
      await saveReflection(ai, learner, longCrisisText, action);
    }
    const before = fake.requests.length;
    await chat(ai, learner, 'What does this lesson mean by the three currents?');
    expect(fake.requests.length).toBeGreaterThan(before);
    const traffic = vendorTraffic();
    for (const text of [...crisisTexts, ...concernTexts]) expect(traffic).not.toContain(text);
    expect(traffic).not.toContain(HELPLINE);
  });

  it('the mood reading of a reflection at risk is never positive', async () => {
    const learner = await createLearner(ai);
    await saveReflection(ai, learner, longCrisisText, 'submit');
    const view = (
      await ai.app.inject({
        method: 'GET',
        url: `/api/companion/courses/${courseId}/patterns`,
        headers: { cookie: learner.cookie },
      })
    ).json<PatternsView>();
    expect(view.moods).toHaveLength(1);
    expect(view.moods[0]!.sentiment).toBeLessThan(0);
  });

  it('a dark past the learner has come through gets warmth, no alarm, and stays here', async () => {
    const learner = await createLearner(ai);
    const before = vendorTraffic();
    const { done } = await chat(ai, learner, pastText);
    expect(done.reply.kind).toBe('message');
    expect(done.reply.content).toBe(pastDarknessReply(HELPLINE));
    expect(vendorTraffic()).toBe(before);
  });

  it('a dark past is never sent later: not as history, grounding, a reading or a suggestion', async () => {
    const learner = await createLearner(ai);
    await chat(ai, learner, pastText);
    await requestSuggestion(ai, learner, pastText);
    for (const action of ['save', 'submit'] as const) {
      expect((await saveReflection(ai, learner, pastText, action)).statusCode).toBe(200);
    }
    const before = fake.requests.length;
    for (const question of ['What are the three currents?', 'And how do I feel them?']) {
      await chat(ai, learner, question);
    }
    const sent = fake.requests.slice(before);
    // Each later reply went out with its history, and the earlier question is in it.
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(sent.at(-1))).toContain('What are the three currents?');
    const traffic = vendorTraffic();
    expect(traffic).not.toContain('I was suicidal years ago');
    expect(traffic).not.toContain('Thank you for trusting me with that part of your story');
  });
});

describe('the server’s reader of meaning, in every mode, before any vendor', () => {
  it.each(modes)(
    '%s mode: chat, suggestion and each save get the concern’s help, counted as the reader of meaning',
    async (mode) => {
      const app = appIn(mode);
      const learner = await createLearner(app);
      for (const [concern, text] of Object.entries(linesOnlyMeaningReads)) {
        const { deltas, done } = await chat(app, learner, text);
        expect(deltas).toBe(0);
        expect(done.reply).toMatchObject({ kind: 'safety', concern });
        const suggestion = await requestSuggestion(app, learner, text);
        expect(suggestion.json<SuggestionResponse>()).toMatchObject({ isAtRisk: true, concern });
      }
      for (const action of ['autosave', 'save', 'submit'] as const) {
        const saved = await saveReflection(
          app,
          learner,
          linesOnlyMeaningReads['harm-from-others'],
          action,
        );
        expect(saved.json<SavedReflection>()).toMatchObject({
          isAtRisk: true,
          concern: 'harm-from-others',
        });
      }
      const events = await app.db
        .select()
        .from(companionSafetyEvents)
        .where(eq(companionSafetyEvents.userId, learner.id));
      // An autosave within ten minutes of another event is not counted again.
      expect(new Set(events.map((event) => event.path))).toEqual(
        new Set(['chat', 'suggestion', 'save', 'submit']),
      );
      expect(new Set(events.map((event) => event.signal))).toEqual(new Set(['meaning']));
    },
  );

  it('AI mode: nothing of what it recognises reaches the vendor, now or later', async () => {
    const learner = await createLearner(ai);
    const texts = Object.values(linesOnlyMeaningReads);
    for (const text of texts) await chat(ai, learner, text);
    for (const text of texts) await requestSuggestion(ai, learner, text);
    await saveReflection(ai, learner, linesOnlyMeaningReads['harm-from-others'], 'submit');
    const before = fake.requests.length;
    await chat(ai, learner, 'What does this lesson mean by the three currents?');
    expect(fake.requests.length).toBeGreaterThan(before);
    const traffic = vendorTraffic();
    for (const text of texts) expect(traffic).not.toContain(text);
  });
});

describe("the vendor's moderation, a second signal in AI mode", () => {
  const flagged = `I am tired of this lesson ${FAKE_MODERATION_SELF_HARM}`;

  it('turns what the detector reads as harmless into help when it flags self-harm', async () => {
    const learner = await createLearner(ai);
    const { done } = await chat(ai, learner, flagged);
    expect(done.reply.kind).toBe('safety');
    const [event] = await ai.db
      .select()
      .from(companionSafetyEvents)
      .where(eq(companionSafetyEvents.userId, learner.id));
    expect(event).toMatchObject({ path: 'chat', mode: 'ai', signal: 'moderation' });
  });

  it('is never asked in fallback mode, nor for an autosaved draft', async () => {
    const learner = await createLearner(ai);
    const before = fake.moderated.length;
    await saveReflection(ai, learner, calmText, 'autosave');
    expect(fake.moderated.length).toBe(before);
    const offlineLearner = await createEnrolledLearner(offline.app, offline.db);
    const { done } = await chat(offline, offlineLearner, flagged);
    expect(done.reply.kind).toBe('message');
  });
});

describe("the model's own risk reading, a second reader in AI mode", () => {
  const plain = 'Some days the practice feels heavier than others';

  it('an at-risk reading of what the detector cleared gets the same help, counted as the model', async () => {
    const learner = await createLearner(ai);
    const started = performance.now();
    const { done } = await chat(ai, learner, `${plain} ${FAKE_RISK.atRisk}`);
    expect(done.reply).toMatchObject({ kind: 'safety', concern: 'eating-disorder' });
    const [event] = await ai.db
      .select()
      .from(companionSafetyEvents)
      .where(eq(companionSafetyEvents.userId, learner.id));
    expect(event).toMatchObject({ path: 'chat', signal: 'model', concern: 'eating-disorder' });
    const suggestion = await requestSuggestion(ai, learner, `${plain}, ${FAKE_RISK.atRisk}`);
    expect(suggestion.json<SuggestionResponse>()).toMatchObject({ isAtRisk: true });
    console.info(`second reader, at risk: ${Math.round(performance.now() - started)} ms`);
  });

  it('a hang or garbage leaves the local reading standing, within its 3 s bound', async () => {
    const learner = await createLearner(ai);
    for (const fault of [FAKE_RISK.garbage, FAKE_RISK.hang]) {
      const started = performance.now();
      const { done } = await chat(ai, learner, `What are the three currents? ${fault}`);
      const took = performance.now() - started;
      console.info(`second reader, ${fault}: ${Math.round(took)} ms`);
      expect(done.reply.kind).toBe('message');
      expect(took).toBeLessThan(6_000);
    }
  });

  it('is never asked in fallback mode, nor for an autosave, nor about words the detector caught', async () => {
    const learner = await createLearner(ai);
    const before = fake.riskReadings.length;
    await saveReflection(ai, learner, `${plain} ${FAKE_RISK.atRisk}`, 'autosave');
    await chat(ai, learner, crisisTexts[0]!);
    expect(fake.riskReadings).toHaveLength(before);
    await chat(ai, learner, 'What are the three currents?');
    expect(fake.riskReadings).toHaveLength(before + 1);
  });
});

describe('safety events: counted, never their words', () => {
  it('the operator who opted in gets one mail per learner per hour, with an id and a time only', async () => {
    const learner = await createLearner(ai);
    await chat(ai, learner, crisisTexts[0]!);
    await chat(ai, learner, crisisTexts[1]!);
    const mails = (await ai.db.select().from(mailOutbox).where(eq(mailOutbox.to, ALERTS))).filter(
      (mail) => mail.text.includes(learner.id),
    );
    expect(mails).toHaveLength(1);
    for (const text of crisisTexts) expect(mails[0]!.text).not.toContain(text);
  });

  it('the learner is told when the operator hears of it, and the help carries working numbers', async () => {
    const withAlerts = await ai.app.inject({ method: 'GET', url: '/api/companion/safety-help' });
    expect(withAlerts.statusCode).toBe(200);
    expect(withAlerts.json<SafetyHelp>()).toMatchObject({
      helplineText: HELPLINE,
      helplineUrl: 'https://findahelpline.com',
      helplinePhone: '0800 000 000',
      alertNotice: safetyAlertNotice,
    });
    expect(withAlerts.json<SafetyHelp>().emergencyNumber).toBe('112');
    const without = await offline.app.inject({ method: 'GET', url: '/api/companion/safety-help' });
    const help = without.json<SafetyHelp>();
    expect(help).toMatchObject({ helplinePhone: null, alertNotice: null, emergencyNumber: '911' });
    expect(help.concerns['child-abuse']).toMatchObject({
      helplineText: CHILD_HELPLINE,
      helplinePhone: '0800 1111',
      helplineUrl: 'https://findahelpline.com',
    });
    expect(help.concerns['child-abuse'].message).toContain('not your fault');
    expect(help.concerns['eating-disorder'].helplineText).toContain('eating disorders');
    expect(help.concerns['harm-from-others'].helplineUrl).toBe('https://findahelpline.com');
  });

  it('admins read the counts by path, mode, signal and concern', async () => {
    const learner = await createEnrolledLearner(offline.app, offline.db);
    await chat(offline, learner, crisisTexts[0]!);
    await chat(offline, learner, concernLines['harm-from-others']);
    await saveReflection(offline, learner, longCrisisText, 'submit');
    const admin = await createAdmin(offline.app, offline.db);
    const response = await offline.app.inject({
      method: 'GET',
      url: '/api/admin/companion/safety-events?days=7',
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(200);
    const { counts } = response.json<SafetyEvents>();
    expect(counts).toContainEqual(
      expect.objectContaining({
        path: 'chat',
        mode: 'fallback',
        signal: 'detector',
        concern: 'suicide-self-harm',
      }),
    );
    expect(counts).toContainEqual(
      expect.objectContaining({ path: 'chat', concern: 'harm-from-others' }),
    );
    expect(counts).toContainEqual(expect.objectContaining({ path: 'submit' }));
    expect(JSON.stringify(counts)).not.toContain(learner.id);
  });

  it('the counts answer 401 without a session, 403 to a learner and 400 to a bad window', async () => {
    const url = '/api/admin/companion/safety-events';
    const learner = await createEnrolledLearner(offline.app, offline.db);
    const admin = await createAdmin(offline.app, offline.db);
    const get = (query: string, user?: TestUser) =>
      offline.app.inject({
        method: 'GET',
        url: `${url}${query}`,
        headers: user ? { cookie: user.cookie } : {},
      });
    expect((await get('')).statusCode).toBe(401);
    expect((await get('', learner)).statusCode).toBe(403);
    const bad = await get('?days=0', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { message: string } }>().error.message).toMatch(/days/);
  });
});
