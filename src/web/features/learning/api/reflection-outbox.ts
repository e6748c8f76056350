import { openDB, type DBSchema, type IDBPDatabase, type IDBPObjectStore } from 'idb';
import type {
  HeldReflection,
  Reflection,
  SavedReflection,
} from '../../../../shared/api/learning.ts';
import {
  reflectionOutboxDatabase,
  reflectionOutboxSyncTag,
} from '../../../../shared/rules/offline.ts';
import { reflectionMessages, type ReflectionAction } from '../../../../shared/rules/reflection.ts';
import { ApiError, apiRequest, isWorthRetrying, messageOf } from '../../../lib/api-client.ts';

/** One save written offline, waiting in this browser until the server has it (decision 041). */
export interface QueuedReflection {
  /** Sent as `saveId`: the server stores a save sent twice once. */
  saveId: string;
  userId: string;
  /** The card's draft key (reflection-drafts.ts): whose reflection, on which prompt. */
  key: string;
  courseId: string;
  moduleId: string;
  lessonId: string;
  promptId: string;
  response: string;
  action: ReflectionAction;
  /** The version the text was written on (the server's `updatedAt`), null for none. */
  basedOn: string | null;
}

export type NewQueuedReflection = Omit<QueuedReflection, 'saveId'>;

/** What became of a queued save, told to the card that wrote it. */
export type OutboxOutcome =
  | { kind: 'sent'; entry: QueuedReflection; saved: SavedReflection }
  /** Another device saved first: the server kept `current`; `entry` is this device's latest. */
  | { kind: 'changed-elsewhere'; entry: QueuedReflection; current: Reflection }
  /** Refused for good (no access any more, a prompt removed): the draft stays in the browser. */
  | { kind: 'refused'; entry: QueuedReflection; message: string };

interface StoredReflection extends QueuedReflection {
  /** Auto-incremented: the order the saves were written in, and are sent in. */
  order?: number;
}

/** A save of this device the server accepted: the version it stored. */
interface OwnSave {
  saveId: string;
  version: string;
}

/**
 * The saves of one reflection (`key`, the card's draft key) this device made and the server
 * accepted, the latest last: a version one of them stored is this device's own, not another's.
 */
interface OwnSaves {
  key: string;
  saves: OwnSave[];
}

interface OutboxSchema extends DBSchema {
  saves: { key: number; value: StoredReflection; indexes: { byKey: string } };
  accepted: { key: string; value: OwnSaves };
}

/** Enough to know the versions a stale copy of the lesson, or another tab, can still be behind. */
const OWN_SAVES_KEPT = 20;

const STORE = 'saves';
const ACCEPTED = 'accepted';
let opened: Promise<IDBPDatabase<OutboxSchema>> | null = null;

function openOutbox(): Promise<IDBPDatabase<OutboxSchema>> {
  opened ??= openDB<OutboxSchema>(reflectionOutboxDatabase, 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        const store = db.createObjectStore(STORE, { keyPath: 'order', autoIncrement: true });
        store.createIndex('byKey', 'key');
      }
      if (oldVersion < 2) db.createObjectStore(ACCEPTED, { keyPath: 'key' });
    },
    // Sign-out deletes the database (browser-storage.ts): this page's connection must not hold it.
    blocking() {
      void opened?.then((db) => db.close());
      opened = null;
    },
    terminated() {
      opened = null;
    },
  });
  const attempt = opened;
  attempt.catch(() => {
    if (opened === attempt) opened = null;
  });
  return attempt;
}

const hasIndexedDb = () => typeof indexedDB !== 'undefined';

/**
 * Keeps a save for later. A save that follows others of the same reflection still waiting is
 * written on what they will store, so it takes their version: each is moved on as they are sent.
 */
export async function queueReflection(save: NewQueuedReflection): Promise<QueuedReflection> {
  const db = await openOutbox();
  const transaction = db.transaction(STORE, 'readwrite');
  const earlier = await transaction.store.index('byKey').getAll(save.key);
  const entry: QueuedReflection = {
    ...save,
    basedOn: earlier.length > 0 ? earlier.at(-1)!.basedOn : save.basedOn,
    saveId: crypto.randomUUID(),
  };
  await transaction.store.add(entry);
  await transaction.done;
  if (navigator.onLine) void sendReflectionOutbox(save.userId);
  void askWorkerToSendWhenOnline();
  return entry;
}

/**
 * Asks the service worker (sw.ts) to send the outbox once the connection is back, even if every
 * page of the site is closed by then. Only some browsers offer it; the pages send it either way.
 */
async function askWorkerToSendWhenOnline(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)
      ?.sync;
    await sync?.register(reflectionOutboxSyncTag);
  } catch {
    // No worker, or no Background Sync: the next page of the site sends the outbox.
  }
}

/** The saves waiting, oldest first: of one reflection (`key`), or all. */
export async function listQueuedReflections(key?: string): Promise<QueuedReflection[]> {
  if (!hasIndexedDb()) return [];
  const db = await openOutbox();
  const rows = key ? await db.getAllFromIndex(STORE, 'byKey', key) : await db.getAll(STORE);
  return rows.sort((a, b) => a.order! - b.order!).map(withoutOrder);
}

function withoutOrder({ order: _order, ...entry }: StoredReflection): QueuedReflection {
  return entry;
}

/**
 * Remembers that the server accepted this device's save `saveId` of one reflection as `version`
 * (a save online, or from the outbox). Sign-out forgets it with the outbox (the same database).
 */
export async function rememberOwnSave(key: string, saveId: string, version: string): Promise<void> {
  if (!hasIndexedDb()) return;
  try {
    const db = await openOutbox();
    const transaction = db.transaction(ACCEPTED, 'readwrite');
    await keepOwnSave(transaction.store, key, { saveId, version });
    await transaction.done;
  } catch {
    // Not kept: a later refusal of a stale save is then shown as another device's, as before.
  }
}

type AcceptedStore = IDBPObjectStore<
  OutboxSchema,
  ('saves' | 'accepted')[],
  'accepted',
  'readwrite'
>;

async function keepOwnSave(store: AcceptedStore, key: string, save: OwnSave): Promise<void> {
  const known = (await store.get(key))?.saves ?? [];
  if (known.some((own) => own.saveId === save.saveId && own.version === save.version)) return;
  await store.put({ key, saves: [...known, save].slice(-OWN_SAVES_KEPT) });
}

/**
 * Whether the text the server holds instead (a 409's `current`) was stored by a save of this
 * device: then the refusal only means this device wrote on an older copy of its own text.
 */
export async function isOwnVersion(key: string, held: HeldReflection): Promise<boolean> {
  if (!hasIndexedDb() || held.saveId === null) return false;
  try {
    const db = await openOutbox();
    const known = (await db.get(ACCEPTED, key))?.saves ?? [];
    return known.some((own) => own.saveId === held.saveId && own.version === held.updatedAt);
  } catch {
    return false;
  }
}

/** A save the server has: gone, and the next ones of its reflection written on its version. */
async function settleSent(entry: QueuedReflection, version: string): Promise<void> {
  const db = await openOutbox();
  const transaction = db.transaction([STORE, ACCEPTED], 'readwrite');
  const saves = transaction.objectStore(STORE);
  for (const row of await saves.index('byKey').getAll(entry.key)) {
    if (row.saveId === entry.saveId) await saves.delete(row.order!);
    else if (row.basedOn === entry.basedOn) await saves.put({ ...row, basedOn: version });
  }
  await keepOwnSave(transaction.objectStore(ACCEPTED), entry.key, {
    saveId: entry.saveId,
    version,
  });
  await transaction.done;
}

/**
 * The server holds this device's own newer save (`version`): the saves of the reflection written
 * on the same older version are written again on it. They were typed after it, so they win.
 */
async function rebase(entry: QueuedReflection, version: string): Promise<void> {
  const db = await openOutbox();
  const transaction = db.transaction(STORE, 'readwrite');
  for (const row of await transaction.store.index('byKey').getAll(entry.key)) {
    if (row.basedOn === entry.basedOn) await transaction.store.put({ ...row, basedOn: version });
  }
  await transaction.done;
}

/** Drops a save and the later ones of its reflection; answers the latest of them. */
async function dropFrom(entry: QueuedReflection): Promise<QueuedReflection> {
  const db = await openOutbox();
  const transaction = db.transaction(STORE, 'readwrite');
  const rows = await transaction.store.index('byKey').getAll(entry.key);
  const from = rows.find((row) => row.saveId === entry.saveId)?.order ?? 0;
  const dropped = rows.filter((row) => row.order! >= from).sort((a, b) => a.order! - b.order!);
  await Promise.all(dropped.map((row) => transaction.store.delete(row.order!)));
  await transaction.done;
  return dropped.length > 0 ? withoutOrder(dropped.at(-1)!) : entry;
}

const outcomes = new EventTarget();

/** Tells `listener` what becomes of the queued saves of one reflection; answers the unsubscribe. */
export function watchReflectionOutbox(
  key: string,
  listener: (outcome: OutboxOutcome) => void,
): () => void {
  const onOutcome = (event: Event) => {
    const outcome = (event as CustomEvent<OutboxOutcome>).detail;
    if (outcome.entry.key === key) listener(outcome);
  };
  outcomes.addEventListener('outcome', onOutcome);
  return () => outcomes.removeEventListener('outcome', onOutcome);
}

function announce(outcome: OutboxOutcome): void {
  outcomes.dispatchEvent(new CustomEvent('outcome', { detail: outcome }));
}

/** The server's text when it refused a save written on an older version, and which save it was. */
export function heldInstead(error: unknown): HeldReflection | null {
  if (!(error instanceof ApiError) || error.code !== 'version_conflict') return null;
  const current = error.current as Partial<HeldReflection> | undefined;
  if (typeof current?.response !== 'string' || typeof current.updatedAt !== 'string') return null;
  return { ...(current as Reflection), saveId: current.saveId ?? null };
}

/** What the card shows of the server's text: the reflection, without the id of its save. */
export function asReflection({ saveId: _saveId, ...reflection }: HeldReflection): Reflection {
  return reflection;
}

let sending: Promise<void> | null = null;
let isAskedAgain = false;

/**
 * Sends the learner's queued saves, oldest first, one at a time, and stops at the first that the
 * network or the server fails (the next page load or `online` event tries again). One tab, or
 * the service worker, sends at a time (Web Locks), so that no save is sent twice at once. With
 * no page open (`isPageOpen` false, the service worker), it also stops at a save the server
 * refuses or holds another text for: only a page can show the learner which text won.
 */
export function sendReflectionOutbox(
  userId: string,
  { isPageOpen = true }: { isPageOpen?: boolean } = {},
): Promise<void> {
  if (!hasIndexedDb()) return Promise.resolve();
  if (sending) {
    isAskedAgain = true;
    return sending;
  }
  const run = async () => {
    do {
      isAskedAgain = false;
      await withOutboxLock(() => sendAll(userId, isPageOpen));
    } while (isAskedAgain);
  };
  sending = run().finally(() => {
    sending = null;
  });
  return sending;
}

function withOutboxLock(work: () => Promise<void>): Promise<void> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? locks.request('reflection-outbox', work) : work();
}

/**
 * How many times one save is written again on this device's own newer version in a round: more
 * means its own saves keep coming in between (another tab), and the card is shown the conflict.
 */
const MAX_REBASES = 3;

async function sendAll(userId: string, isPageOpen: boolean): Promise<void> {
  const rebases = new Map<string, number>();
  for (;;) {
    // Another person's saves, left when their session ended without a sign-out, wait for them.
    const entry = (await listQueuedReflections()).find((queued) => queued.userId === userId);
    if (!entry) return;
    if (!(await sendOne(entry, rebases, isPageOpen))) return;
  }
}

/**
 * Sends one save; false when the rest must wait (no network, the server failing, signed out, or
 * an outcome the learner must see and no page open to show it).
 */
async function sendOne(
  entry: QueuedReflection,
  rebases: Map<string, number>,
  isPageOpen: boolean,
): Promise<boolean> {
  const { key: _key, userId: _userId, ...body } = entry;
  try {
    const saved = await apiRequest<SavedReflection>('/api/learning/reflections', {
      method: 'PUT',
      body,
    });
    await settleSent(entry, saved.updatedAt);
    announce({ kind: 'sent', entry, saved });
    return true;
  } catch (error) {
    const current = heldInstead(error);
    // The same text: this very save, stored before its answer was lost.
    if (current && current.response === entry.response) {
      await settleSent(entry, current.updatedAt);
      announce({
        kind: 'sent',
        entry,
        saved: { ...asReflection(current), isAtRisk: false, concern: null },
      });
      return true;
    }
    // This device's own newer save (the lesson it was written on was an older copy): sent again
    // on that version, with no word of another device.
    const tries = rebases.get(entry.saveId) ?? 0;
    if (current && tries < MAX_REBASES && (await isOwnVersion(entry.key, current))) {
      rebases.set(entry.saveId, tries + 1);
      await rebase(entry, current.updatedAt);
      return true;
    }
    if (!isPageOpen) return false;
    if (current) {
      announce({
        kind: 'changed-elsewhere',
        entry: await dropFrom(entry),
        current: asReflection(current),
      });
      return true;
    }
    if (isWorthRetrying(error) || !(error instanceof ApiError) || isWaiting(error)) return false;
    const latest = await dropFrom(entry);
    announce({
      kind: 'refused',
      entry: latest,
      message: messageOf(error, reflectionMessages.saveFailed),
    });
    return true;
  }
}

/** Worth another try later: timed out, too many requests, or the session gone (sign in again). */
function isWaiting(error: ApiError): boolean {
  return error.status === 401 || error.status === 408 || error.status === 429;
}
