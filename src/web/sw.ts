import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  precacheAndRoute,
  PrecacheFallbackPlugin,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { reflectionOutboxSyncTag, signedInCacheNames } from '../shared/rules/offline.ts';
import type { SessionUser } from '../shared/api/auth.ts';
import { apiRequest } from './lib/api-client.ts';
import { sessionPath } from './lib/session.ts';
import {
  listQueuedReflections,
  sendReflectionOutbox,
} from './features/learning/api/reflection-outbox.ts';

/**
 * The installable app's service worker (decision 041): the shell precached; pages always from the
 * network, the shell answering a navigation only when offline; hashed assets kept as they are
 * used; of the API, only the helplines, who is signed in and the lesson page last opened, each
 * fetched afresh whenever the network answers, and the last two deleted on sign-out. And the
 * reflections written offline, sent when the browser says the connection is back, even with no
 * page of the site open (Background Sync, where the browser has it).
 */

/** What of a service worker's scope this file uses (the DOM's types have no worker scope). */
interface SyncEvent extends Event {
  tag: string;
  waitUntil(work: Promise<unknown>): void;
}
declare const self: {
  __WB_MANIFEST: (string | PrecacheEntry)[];
  clients: { matchAll(options: { type: 'window' }): Promise<readonly unknown[]> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
};

const [sessionCache, lessonCache] = signedInCacheNames;

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
  new NetworkOnly({ plugins: [new PrecacheFallbackPlugin({ fallbackURL: 'index.html' })] }),
);
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'assets', plugins: keptWhenOk(80) }),
);
// The operator's helplines, the same for everyone: the crisis help works offline.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/companion/safety-help',
  freshWhenOnline('safety-help'),
);
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === sessionPath,
  freshWhenOnline(sessionCache),
);
// The current lesson only: opening another replaces it.
registerRoute(
  ({ url, sameOrigin }) =>
    sameOrigin &&
    /^\/api\/learning\/courses\/[^/]+\/modules\/[^/]+\/lessons\/[^/]+$/.test(url.pathname),
  freshWhenOnline(lessonCache),
);

function keptWhenOk(maxEntries: number) {
  return [new ExpirationPlugin({ maxEntries }), new CacheableResponsePlugin({ statuses: [200] })];
}

/** From the network while it answers within 8 s; the one copy kept otherwise. */
function freshWhenOnline(cacheName: string) {
  return new NetworkFirst({ cacheName, networkTimeoutSeconds: 8, plugins: keptWhenOk(1) });
}

self.addEventListener('sync', (event) => {
  if (event.tag === reflectionOutboxSyncTag) event.waitUntil(sendReflectionsWrittenOffline());
});

/**
 * Sends the signed-in learner's saves written offline, as a page would (reflection-outbox.ts),
 * but leaves any the server refuses, or holds another text for, to a page of the site, which
 * shows the learner which text won. Fails while any of theirs still waits, so that the browser
 * tries again later. With a page of the site open, that page sends them, and tells its cards.
 */
async function sendReflectionsWrittenOffline(): Promise<void> {
  if ((await self.clients.matchAll({ type: 'window' })).length > 0) return;
  const { user } = await apiRequest<{ user: SessionUser | null }>(sessionPath);
  // Signed out: their saves wait for them to sign in again on a page.
  if (!user) return;
  await sendReflectionOutbox(user.id, { isPageOpen: false });
  const waiting = await listQueuedReflections();
  if (waiting.some((entry) => entry.userId === user.id)) {
    throw new Error('Reflections written offline are still waiting to be sent');
  }
}
