import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Toaster, toast } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Reflection, SavedReflection } from '../../../../shared/api/learning.ts';
import type { ReflectionAction } from '../../../../shared/rules/reflection.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { isOwnVersion } from '../api/reflection-outbox.ts';
import { ReflectionCard } from './reflection-card.tsx';
import { readDraft, writeDraft } from './reflection-drafts.ts';

// Which saves this device made is kept in IndexedDB (the outbox's database): told here instead.
vi.mock('../api/reflection-outbox.ts', async (original) => ({
  ...(await original<typeof import('../api/reflection-outbox.ts')>()),
  isOwnVersion: vi.fn(async () => false),
}));

const prompt = {
  id: 'where-energy-goes',
  question: 'Where did your energy go today?',
  isRequired: true,
};
const DRAFT_KEY = 'test-draft';
const long = (length: number) => 'a'.repeat(length);

interface Deferred {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** A save the test settles by hand, answering like the server would. */
function fakeServer() {
  const pending: Deferred[] = [];
  const save = vi.fn(
    ({ response, action }: { response: string; action: ReflectionAction }) =>
      new Promise<SavedReflection>((resolve, reject) => {
        pending.push({
          resolve: () =>
            resolve({
              promptId: prompt.id,
              response,
              completed:
                action === 'submit' || (action === 'save' && response.trim().length >= 100),
              updatedAt: new Date().toISOString(),
              isAtRisk: false,
              concern: null,
            }),
          reject,
        });
      }),
  );
  const settle = async (outcome: 'resolve' | { reject: unknown } = 'resolve') => {
    const next = pending.shift()!;
    await act(async () => {
      if (outcome === 'resolve') next.resolve();
      else next.reject(outcome.reject);
    });
  };
  return { save, settle };
}

/** The outbox, as the card sees it: it takes a save and gives it an id. */
const queue = vi.fn(async () => ({ saveId: crypto.randomUUID() }));

function renderCard(save: ReturnType<typeof fakeServer>['save'], saved?: Reflection) {
  return render(
    <>
      <ReflectionCard
        prompt={prompt}
        saved={saved}
        draftKey={DRAFT_KEY}
        save={save}
        queue={queue}
      />
      <Toaster />
    </>,
  );
}

/** A save as the card sends it: the text and action, with its version and id. */
const sent = (response: string, action: ReflectionAction) =>
  expect.objectContaining({ response, action, saveId: expect.any(String) });

const textbox = () => screen.getByPlaceholderText('Share your reflection here...');
const type = (value: string) => fireEvent.change(textbox(), { target: { value } });
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Long enough a pause in the typing for the text to be read whole (use-crisis-reading-as-typed). */
const PAUSE = 600;
const status = () => within(screen.getByRole('article')).getByRole('status');

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  queue.mockClear();
});
afterEach(() => {
  toast.remove();
  vi.useRealTimers();
});

describe('ReflectionCard', () => {
  it('shows the question, the required tag and the empty state', () => {
    renderCard(fakeServer().save);
    expect(screen.getByRole('heading', { name: prompt.question })).toBeInTheDocument();
    expect(screen.getByText('Required reflection')).toBeInTheDocument();
    expect(textbox()).toHaveAccessibleName(prompt.question);
    expect(status()).toHaveTextContent('Not saved yet');
    expect(screen.getByText('0 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('autosaves 1 second after typing stops, and only then', async () => {
    const server = fakeServer();
    renderCard(server.save);
    type('The river');
    await wait(600);
    type('The river at dawn');
    await wait(999);
    expect(server.save).not.toHaveBeenCalled();
    await wait(1);
    expect(server.save).toHaveBeenCalledExactlyOnceWith(sent('The river at dawn', 'autosave'));
    expect(status()).toHaveTextContent('Saving...');
    await server.settle();
    expect(status()).toHaveTextContent('Saved');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await wait(5000);
    expect(server.save).toHaveBeenCalledTimes(1);
  });

  it('does not autosave blank text, and Save stays disabled for it', async () => {
    const server = fakeServer();
    renderCard(server.save);
    type('    ');
    await wait(2000);
    expect(server.save).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('saves at once with the Save button', async () => {
    const server = fakeServer();
    renderCard(server.save);
    type('A thought worth keeping.');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(server.save).toHaveBeenCalledOnce();
    await server.settle();
    expect(status()).toHaveTextContent('Saved');
  });

  it('keeps a Save clicked while an autosave is in flight, and saves after it', async () => {
    const server = fakeServer();
    renderCard(server.save);
    type(long(150));
    await wait(1000);
    expect(server.save).toHaveBeenLastCalledWith(sent(long(150), 'autosave'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(server.save).toHaveBeenCalledOnce();
    await server.settle();
    expect(server.save).toHaveBeenLastCalledWith(sent(long(150), 'save'));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await server.settle();
    expect(screen.getByText('Reflection completed')).toBeInTheDocument();
    expect(status()).toHaveTextContent('Saved');
  });

  it('offers Submit from 100 characters; Submit completes the reflection with a toast', async () => {
    const server = fakeServer();
    renderCard(server.save);
    type(long(99));
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    type(long(120));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(server.save).toHaveBeenCalledWith(sent(long(120), 'submit'));
    await server.settle();
    expect(screen.getByText('Reflection completed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    await wait(0);
    expect(screen.getByText('Reflection submitted successfully!')).toBeInTheDocument();
  });

  it('autosaves a long reflection as a draft, keeping Submit; Save completes it for good', async () => {
    const server = fakeServer();
    renderCard(server.save);
    type(long(150));
    await wait(1000);
    expect(server.save).toHaveBeenLastCalledWith(sent(long(150), 'autosave'));
    await server.settle();
    expect(status()).toHaveTextContent('Saved');
    expect(screen.queryByText('Reflection completed')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    type(long(160));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(server.save).toHaveBeenLastCalledWith(sent(long(160), 'save'));
    await server.settle();
    expect(screen.getByText('Reflection completed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    type('shorter now');
    await wait(1000);
    await server.settle();
    expect(screen.getByText('Reflection completed')).toBeInTheDocument();
  });

  it('counts characters on a bar full at 300, in three colours', () => {
    renderCard(fakeServer().save);
    const bar = () => screen.getByRole('progressbar', { name: 'Reflection length' });
    const band = () => bar().firstElementChild?.getAttribute('data-band');
    type(long(50));
    expect(screen.getByText('50 characters')).toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuenow', '17');
    expect(band()).toBe('short');
    type(long(150));
    expect(band()).toBe('enough');
    type(long(300));
    expect(bar()).toHaveAttribute('aria-valuenow', '100');
    expect(band()).toBe('full');
  });

  it('shows a failed save, keeps the draft, and retries until the server has it', async () => {
    const server = fakeServer();
    renderCard(server.save);
    type('Words I must not lose.');
    await wait(1000);
    await server.settle({ reject: new TypeError('Failed to fetch') });
    expect(status()).toHaveTextContent('Error saving');
    expect(readDraft(DRAFT_KEY)?.text).toBe('Words I must not lose.');
    await wait(1999);
    expect(server.save).toHaveBeenCalledTimes(1);
    await wait(1);
    expect(server.save).toHaveBeenCalledTimes(2);
    await server.settle();
    expect(status()).toHaveTextContent('Saved');
    expect(readDraft(DRAFT_KEY)).toBeNull();
  });

  it('offline, keeps each save in the outbox without trying the network, and says so', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const server = fakeServer();
    renderCard(server.save);
    type('Written on the train.');
    await wait(1000);
    expect(queue).toHaveBeenCalledExactlyOnceWith({
      response: 'Written on the train.',
      action: 'autosave',
      basedOn: null,
    });
    expect(status()).toHaveTextContent(
      "You're offline. Kept on this device, not sent yet: it will be sent when you're back online with this site open.",
    );
    type('Written on the train, with no signal.');
    await wait(1000);
    expect(queue).toHaveBeenLastCalledWith(
      expect.objectContaining({ response: 'Written on the train, with no signal.' }),
    );
    await wait(30_000);
    expect(queue).toHaveBeenCalledTimes(2);
    expect(server.save).not.toHaveBeenCalled();
    expect(readDraft(DRAFT_KEY)?.text).toBe('Written on the train, with no signal.');
    onLine.mockRestore();
  });

  it('queues a save whose network failed as the browser went offline, and a Submit as a Submit', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const server = fakeServer();
    renderCard(server.save);
    type(long(120));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    onLine.mockReturnValue(false);
    await server.settle({ reject: new ApiError(0, 'offline', 'network') });
    expect(queue).toHaveBeenCalledExactlyOnceWith({
      response: long(120),
      action: 'submit',
      basedOn: null,
    });
    expect(status()).toHaveTextContent("You're offline.");
    onLine.mockRestore();
  });

  it("keeps a newer text from another device, shows it, and offers this device's back", async () => {
    const server = fakeServer();
    const before = '2026-11-28T09:00:00.000Z';
    renderCard(server.save, {
      promptId: prompt.id,
      response: 'Written here first.',
      completed: false,
      updatedAt: before,
    });
    type('Written here, later.');
    await wait(1000);
    expect(server.save).toHaveBeenLastCalledWith(
      expect.objectContaining({ response: 'Written here, later.', basedOn: before }),
    );
    const theirs = {
      promptId: prompt.id,
      response: 'Written on the phone.',
      completed: true,
      updatedAt: '2026-11-28T10:00:00.000Z',
    };
    await server.settle({
      reject: new ApiError(409, 'changed', 'version_conflict', undefined, theirs),
    });
    const notice = screen.getByRole('region', { name: 'Changed on another device' });
    expect(notice).toHaveTextContent('This reflection was changed on another device on');
    expect(notice).toHaveTextContent('That newer text was kept and is in the box below.');
    expect(notice).toHaveTextContent('Written here, later.');
    expect(textbox()).toHaveValue('Written on the phone.');
    expect(screen.getByText('Reflection completed')).toBeInTheDocument();
    expect(readDraft(DRAFT_KEY)?.text).toBe('Written here, later.');

    fireEvent.click(within(notice).getByRole('button', { name: 'Use my text instead' }));
    expect(notice).not.toBeInTheDocument();
    expect(textbox()).toHaveValue('Written here, later.');
    await wait(1000);
    expect(server.save).toHaveBeenLastCalledWith(
      expect.objectContaining({ response: 'Written here, later.', basedOn: theirs.updatedAt }),
    );
  });

  it("saves on top of this device's own newer save without a word of another device", async () => {
    const server = fakeServer();
    const stale = '2026-11-28T08:00:00.000Z';
    // The lesson page a reload offline found: cached before this device's last save.
    renderCard(server.save, {
      promptId: prompt.id,
      response: 'Cached before.',
      completed: false,
      updatedAt: stale,
    });
    type('Typed after that save.');
    await wait(1000);
    const own = {
      promptId: prompt.id,
      response: 'Saved on this device.',
      completed: false,
      updatedAt: '2026-11-28T09:00:00.000Z',
      saveId: crypto.randomUUID(),
    };
    vi.mocked(isOwnVersion).mockResolvedValueOnce(true);
    await server.settle({
      reject: new ApiError(409, 'changed', 'version_conflict', undefined, own),
    });
    expect(isOwnVersion).toHaveBeenLastCalledWith(DRAFT_KEY, own);
    expect(server.save).toHaveBeenCalledTimes(2);
    expect(server.save).toHaveBeenLastCalledWith(
      expect.objectContaining({ response: 'Typed after that save.', basedOn: own.updatedAt }),
    );
    await server.settle();
    expect(status()).toHaveTextContent('Saved');
    expect(textbox()).toHaveValue('Typed after that save.');
    expect(screen.queryByRole('region', { name: 'Changed on another device' })).toBeNull();
  });

  it('takes a refusal that holds the very text sent as saved (its first answer was lost)', async () => {
    const server = fakeServer();
    renderCard(server.save);
    type('Sent once, answered twice.');
    await wait(1000);
    const held = {
      promptId: prompt.id,
      response: 'Sent once, answered twice.',
      completed: false,
      updatedAt: '2026-11-28T10:00:00.000Z',
    };
    await server.settle({
      reject: new ApiError(409, 'changed', 'version_conflict', undefined, held),
    });
    expect(status()).toHaveTextContent('Saved');
    expect(screen.queryByRole('region', { name: 'Changed on another device' })).toBeNull();
  });

  it("shows the server's reason for a refused save and does not retry it by itself", async () => {
    const server = fakeServer();
    renderCard(server.save);
    type('Still mine.');
    await wait(1000);
    await server.settle({ reject: new ApiError(403, 'Course Access Required', 'forbidden') });
    expect(status()).toHaveTextContent('Course Access Required');
    await wait(60_000);
    expect(server.save).toHaveBeenCalledOnce();
  });

  it('refuses more than 10,000 characters with a clear message', async () => {
    const server = fakeServer();
    renderCard(server.save);
    type(long(10_001));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'A reflection can be at most 10,000 characters.',
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await wait(2000);
    expect(server.save).not.toHaveBeenCalled();
  });

  it('restores what the server holds, and offers back an unsaved draft after a reload', async () => {
    writeDraft(DRAFT_KEY, 'What I typed before the tab closed.');
    const server = fakeServer();
    renderCard(server.save, {
      promptId: prompt.id,
      response: 'What the server has.',
      completed: false,
      updatedAt: new Date().toISOString(),
    });
    expect(textbox()).toHaveValue('What the server has.');
    expect(status()).toHaveTextContent('Saved');
    fireEvent.click(screen.getByRole('button', { name: 'Restore draft' }));
    expect(textbox()).toHaveValue('What I typed before the tab closed.');
    expect(screen.queryByRole('region', { name: 'Unsaved draft' })).not.toBeInTheDocument();
    await wait(1000);
    expect(server.save).toHaveBeenCalledWith(
      sent('What I typed before the tab closed.', 'autosave'),
    );
  });

  it('lets the learner discard an offered draft', () => {
    writeDraft(DRAFT_KEY, 'An old draft.');
    renderCard(fakeServer().save);
    fireEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(textbox()).toHaveValue('');
    expect(readDraft(DRAFT_KEY)).toBeNull();
  });

  it('shows the help in the card at once when an autosave is judged at risk, and keeps it', async () => {
    const save = vi.fn(({ response }: { response: string; action: ReflectionAction }) =>
      Promise.resolve({
        promptId: prompt.id,
        response,
        completed: false,
        updatedAt: new Date().toISOString(),
        isAtRisk: response.includes('kill myself'),
        concern: response.includes('kill myself') ? ('suicide-self-harm' as const) : null,
      }),
    );
    render(
      <ReflectionCard
        prompt={prompt}
        saved={undefined}
        draftKey={DRAFT_KEY}
        save={save}
        queue={queue}
        renderSafetyHelp={() => <div role="alert">Help is available</div>}
      />,
    );
    type('Some days are long.');
    await wait(1000);
    expect(screen.queryByRole('alert')).toBeNull();
    type('I want to kill myself.');
    await wait(1000);
    expect(screen.getByRole('alert')).toHaveTextContent('Help is available');
    type('I want to kill myself. Or maybe I am just tired.');
    await wait(1000);
    expect(save).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('leaves a sentence of a few words to the next word while the learner types, and reads the text whole once typing pauses', async () => {
    render(
      <ReflectionCard
        prompt={prompt}
        saved={undefined}
        draftKey={DRAFT_KEY}
        save={fakeServer().save}
        queue={queue}
        renderSafetyHelp={() => <div role="alert">Help is available</div>}
      />,
    );
    // Read whole, "… I want" and "… I want to rest" read as risk: a learner who began such a
    // sentence was shown help, and it stayed.
    let typed = 'Today I sat by the window.';
    for (const word of ['I', 'want', 'to', 'rest', 'more.']) {
      typed = `${typed} ${word}`;
      type(typed);
      await wait(300);
    }
    await wait(PAUSE);
    expect(screen.queryByRole('alert')).toBeNull();

    type(`${typed} I hate my body`);
    await wait(300);
    expect(screen.queryByRole('alert')).toBeNull();
    await wait(PAUSE);
    expect(screen.getByRole('alert')).toHaveTextContent('Help is available');
  });
});
