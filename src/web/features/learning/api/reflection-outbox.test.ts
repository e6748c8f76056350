import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSignedInData } from '../../../lib/browser-storage.ts';
import {
  isOwnVersion,
  listQueuedReflections,
  queueReflection,
  rememberOwnSave,
  sendReflectionOutbox,
  watchReflectionOutbox,
  type NewQueuedReflection,
  type OutboxOutcome,
} from './reflection-outbox.ts';

const lesson = { courseId: 'c', moduleId: 'm', lessonId: 'l' };
const save = (promptId: string, response: string, extra: Partial<NewQueuedReflection> = {}) => ({
  ...lesson,
  userId: 'learner',
  key: `learner:${promptId}`,
  promptId,
  response,
  action: 'autosave' as const,
  basedOn: null,
  ...extra,
});

type Answer = (body: Record<string, unknown>) => Response | Promise<Response>;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: every body it was sent, in order, answered by `answer`. */
function serve(answer: Answer) {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

let version = 0;
const stored: Answer = (body) =>
  json(200, {
    promptId: body.promptId,
    response: body.response,
    completed: false,
    updatedAt: `2026-11-28T10:00:0${++version}.000Z`,
    isAtRisk: false,
    concern: null,
  });

/** Another device's text of the prompt `first`, saved before this device's saves arrive. */
const theirs = {
  promptId: 'first',
  response: 'From the phone.',
  completed: false,
  updatedAt: '2026-11-28T09:00:00.000Z',
};

/** The server when another device saved `first` first: it refuses this device's saves of it. */
const overtakenOnFirst: Answer = (body) =>
  body.promptId === 'first'
    ? json(409, { error: { code: 'version_conflict', message: 'changed', current: theirs } })
    : stored(body);

let onLine: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  version = 0;
  onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await forgetSignedInData();
});
afterEach(() => {
  onLine.mockRestore();
  vi.unstubAllGlobals();
});

describe('the reflection outbox', () => {
  it('sends the saves in the order written, each on the version the one before it stored', async () => {
    await queueReflection(save('first', 'One.'));
    await queueReflection(save('second', 'Two.', { basedOn: '2026-11-27T08:00:00.000Z' }));
    await queueReflection(save('first', 'One, longer.'));
    const outcomes: OutboxOutcome[] = [];
    const stop = watchReflectionOutbox('learner:first', (outcome) => outcomes.push(outcome));

    const bodies = serve(stored);
    onLine.mockReturnValue(true);
    await sendReflectionOutbox('learner');
    stop();

    expect(bodies.map((body) => [body.promptId, body.response, body.basedOn])).toEqual([
      ['first', 'One.', null],
      ['second', 'Two.', '2026-11-27T08:00:00.000Z'],
      ['first', 'One, longer.', '2026-11-28T10:00:01.000Z'],
    ]);
    expect(new Set(bodies.map((body) => body.saveId)).size).toBe(3);
    expect(bodies.every((body) => !('key' in body) && !('userId' in body))).toBe(true);
    expect(outcomes.map((outcome) => [outcome.kind, outcome.entry.response])).toEqual([
      ['sent', 'One.'],
      ['sent', 'One, longer.'],
    ]);
    expect(await listQueuedReflections()).toEqual([]);
  });

  it('stops at a failed network and sends the rest next time, none of them twice', async () => {
    for (const text of ['A.', 'B.', 'C.']) await queueReflection(save('first', text));
    let calls = 0;
    const bodies = serve((body) =>
      ++calls === 2 ? Promise.reject(new TypeError('offline')) : stored(body),
    );
    onLine.mockReturnValue(true);
    await sendReflectionOutbox('learner');
    expect(
      (await listQueuedReflections('learner:first')).map((entry) => [
        entry.response,
        entry.basedOn,
      ]),
    ).toEqual([
      ['B.', '2026-11-28T10:00:01.000Z'],
      ['C.', '2026-11-28T10:00:01.000Z'],
    ]);

    await sendReflectionOutbox('learner');
    const sent = bodies.filter((_, index) => index !== 1);
    expect(sent.map((body) => body.response)).toEqual(['A.', 'B.', 'C.']);
    expect(await listQueuedReflections()).toEqual([]);
  });

  it("drops a reflection's saves when another device saved first, tells its card, and goes on", async () => {
    await queueReflection(save('first', 'Mine.'));
    await queueReflection(save('second', 'Other prompt.'));
    await queueReflection(save('first', 'Mine, longer.'));
    const bodies = serve(overtakenOnFirst);
    const outcomes: OutboxOutcome[] = [];
    const stop = watchReflectionOutbox('learner:first', (outcome) => outcomes.push(outcome));
    onLine.mockReturnValue(true);
    await sendReflectionOutbox('learner');
    stop();

    expect(bodies.map((body) => body.response)).toEqual(['Mine.', 'Other prompt.']);
    expect(outcomes).toEqual([
      {
        kind: 'changed-elsewhere',
        entry: expect.objectContaining({ response: 'Mine, longer.' }),
        current: theirs,
      },
    ]);
    expect(await listQueuedReflections()).toEqual([]);
  });

  it('sent with no page open (the service worker), leaves a save another device overtook, and every one after it, for a page to show', async () => {
    await queueReflection(save('first', 'Mine.'));
    await queueReflection(save('second', 'Other prompt.'));
    const bodies = serve(overtakenOnFirst);
    const outcomes: OutboxOutcome[] = [];
    const stop = watchReflectionOutbox('learner:first', (outcome) => outcomes.push(outcome));
    onLine.mockReturnValue(true);
    await sendReflectionOutbox('learner', { isPageOpen: false });

    expect(bodies.map((body) => body.response)).toEqual(['Mine.']);
    expect(outcomes).toEqual([]);
    expect((await listQueuedReflections()).map((entry) => entry.response)).toEqual([
      'Mine.',
      'Other prompt.',
    ]);

    // A page opens: it sends them, and tells the card which text was kept.
    await sendReflectionOutbox('learner');
    stop();
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['changed-elsewhere']);
    expect(await listQueuedReflections()).toEqual([]);
  });

  it('counts a refusal holding the very text sent as sent (its answer was lost before)', async () => {
    await queueReflection(save('first', 'Sent before.'));
    await queueReflection(save('first', 'Then this.'));
    const held = {
      promptId: 'first',
      response: 'Sent before.',
      completed: false,
      updatedAt: '2026-11-28T09:30:00.000Z',
    };
    const bodies = serve((body) =>
      body.response === 'Sent before.'
        ? json(409, { error: { code: 'version_conflict', message: 'changed', current: held } })
        : stored(body),
    );
    onLine.mockReturnValue(true);
    await sendReflectionOutbox('learner');
    expect(bodies.at(-1)).toMatchObject({ response: 'Then this.', basedOn: held.updatedAt });
  });

  it("sends only the signed-in learner's saves, and keeps the rest for them", async () => {
    await queueReflection(save('first', 'Theirs.', { userId: 'someone-else', key: 'else:first' }));
    await queueReflection(save('first', 'Mine.'));
    const bodies = serve(stored);
    onLine.mockReturnValue(true);
    await sendReflectionOutbox('learner');
    expect(bodies.map((body) => body.response)).toEqual(['Mine.']);
    expect((await listQueuedReflections()).map((entry) => entry.response)).toEqual(['Theirs.']);
  });

  it('waits while signed out, and forgets every save at sign-out', async () => {
    await queueReflection(save('first', 'Kept.'));
    serve(() => json(401, { error: { code: 'unauthorized', message: 'Please sign in.' } }));
    onLine.mockReturnValue(true);
    await sendReflectionOutbox('learner');
    expect(await listQueuedReflections()).toHaveLength(1);

    await forgetSignedInData();
    expect(await listQueuedReflections()).toEqual([]);
  });

  describe("a stale copy of this device's own save", () => {
    const conflict = (current: Record<string, unknown>) =>
      json(409, { error: { code: 'version_conflict', message: 'changed', current } });

    /** One reflection as the server keeps it: a save on another version is refused with it. */
    function reflectionServer(held: {
      response: string;
      updatedAt: string;
      saveId: string | null;
    }) {
      return serve((body) => {
        const current = { promptId: body.promptId, completed: false, ...held };
        if (body.basedOn !== held.updatedAt) return conflict(current);
        Object.assign(held, {
          response: body.response,
          saveId: body.saveId,
          updatedAt: `2026-11-28T10:00:0${++version}.000Z`,
        });
        return json(200, { ...current, ...held, isAtRisk: false, concern: null });
      });
    }

    it('sends a save written on an older copy again on the newer version this device saved, without a word of another device', async () => {
      const ownSave = crypto.randomUUID();
      await rememberOwnSave('learner:first', ownSave, '2026-11-28T09:00:00.000Z');
      // The lesson cached before that save: the text offline was written on the version before.
      await queueReflection(
        save('first', 'Offline, later.', { basedOn: '2026-11-28T08:00:00.000Z' }),
      );
      await queueReflection(save('first', 'Offline, later still.'));
      const bodies = reflectionServer({
        response: 'Saved online on this device.',
        updatedAt: '2026-11-28T09:00:00.000Z',
        saveId: ownSave,
      });
      const outcomes: OutboxOutcome[] = [];
      const stop = watchReflectionOutbox('learner:first', (outcome) => outcomes.push(outcome));
      onLine.mockReturnValue(true);
      await sendReflectionOutbox('learner');
      stop();

      expect(bodies.map((body) => [body.response, body.basedOn])).toEqual([
        ['Offline, later.', '2026-11-28T08:00:00.000Z'],
        ['Offline, later.', '2026-11-28T09:00:00.000Z'],
        ['Offline, later still.', '2026-11-28T10:00:01.000Z'],
      ]);
      expect(bodies[0]!.saveId).toBe(bodies[1]!.saveId);
      expect(outcomes.map((outcome) => [outcome.kind, outcome.entry.response])).toEqual([
        ['sent', 'Offline, later.'],
        ['sent', 'Offline, later still.'],
      ]);
      expect(await listQueuedReflections()).toEqual([]);
    });

    it('knows the saves the outbox itself sent as its own', async () => {
      const first = await queueReflection(save('first', 'Sent from the outbox.'));
      serve(stored);
      onLine.mockReturnValue(true);
      await sendReflectionOutbox('learner');
      expect(
        await isOwnVersion('learner:first', {
          promptId: 'first',
          response: 'Sent from the outbox.',
          completed: false,
          updatedAt: '2026-11-28T10:00:01.000Z',
          saveId: first.saveId,
        }),
      ).toBe(true);
    });

    it('still shows the card when the newer text is another device’s, or stored by a save of this device since changed', async () => {
      const ownSave = crypto.randomUUID();
      await rememberOwnSave('learner:first', ownSave, '2026-11-28T09:00:00.000Z');
      const outcomes: OutboxOutcome[] = [];
      const stop = watchReflectionOutbox('learner:first', (outcome) => outcomes.push(outcome));
      onLine.mockReturnValue(true);
      const others = [
        { saveId: crypto.randomUUID(), updatedAt: '2026-11-28T09:00:00.000Z' },
        { saveId: null, updatedAt: '2026-11-28T09:00:00.000Z' },
        { saveId: ownSave, updatedAt: '2026-11-28T09:30:00.000Z' },
      ];
      for (const other of others) {
        await queueReflection(save('first', 'Mine.'));
        const bodies = reflectionServer({ response: 'From the phone.', ...other });
        await sendReflectionOutbox('learner');
        expect(bodies).toHaveLength(1);
      }
      stop();
      expect(outcomes.map((outcome) => outcome.kind)).toEqual([
        'changed-elsewhere',
        'changed-elsewhere',
        'changed-elsewhere',
      ]);
      expect(outcomes[0]).toMatchObject({
        current: { response: 'From the phone.', updatedAt: '2026-11-28T09:00:00.000Z' },
      });
      expect(outcomes[0]!.kind === 'changed-elsewhere' && 'saveId' in outcomes[0]!.current).toBe(
        false,
      );
    });

    it('shows the card after a few tries when its own saves keep coming in between', async () => {
      const ownSaves = Array.from({ length: 5 }, (_, index) => ({
        saveId: crypto.randomUUID(),
        updatedAt: `2026-11-28T09:0${index}:00.000Z`,
      }));
      for (const own of ownSaves) await rememberOwnSave('learner:first', own.saveId, own.updatedAt);
      await queueReflection(save('first', 'Mine.'));
      let calls = 0;
      const bodies = serve((body) =>
        conflict({
          promptId: body.promptId,
          response: 'Another tab.',
          completed: false,
          ...ownSaves[calls++]!,
        }),
      );
      const outcomes: OutboxOutcome[] = [];
      const stop = watchReflectionOutbox('learner:first', (outcome) => outcomes.push(outcome));
      onLine.mockReturnValue(true);
      await sendReflectionOutbox('learner');
      stop();
      expect(bodies).toHaveLength(4);
      expect(outcomes.map((outcome) => outcome.kind)).toEqual(['changed-elsewhere']);
    });

    it('forgets which saves were its own at sign-out', async () => {
      const ownSave = crypto.randomUUID();
      await rememberOwnSave('learner:first', ownSave, '2026-11-28T09:00:00.000Z');
      const held = {
        promptId: 'first',
        response: 'Saved online.',
        completed: false,
        updatedAt: '2026-11-28T09:00:00.000Z',
        saveId: ownSave,
      };
      expect(await isOwnVersion('learner:first', held)).toBe(true);
      await forgetSignedInData();
      expect(await isOwnVersion('learner:first', held)).toBe(false);
    });
  });
});
