import { reflectionOutboxDatabase, signedInCacheNames } from '../../shared/rules/offline.ts';

/** Reflection drafts kept in this browser until the server holds them (learning feature). */
export const REFLECTION_DRAFT_PREFIX = 'sovereign-flame:reflection-draft:';

/**
 * What a signed-in learner left in this browser, drafts, reflections waiting to be sent, and the
 * service worker's copies of their session and lesson (decision 041); nothing of it may outlive
 * their session.
 */
export async function forgetSignedInData(): Promise<void> {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
    for (const key of keys) {
      if (key?.startsWith(REFLECTION_DRAFT_PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // Storage disabled: nothing was kept.
  }
  await deleteReflectionOutbox();
  if (typeof caches === 'undefined') return;
  await Promise.all(signedInCacheNames.map((name) => caches.delete(name).catch(() => false)));
}

/**
 * Deleted by name, without the outbox's code (not for the landing page). Its open connections
 * close when asked; should one not, the deletion still happens once it does.
 */
function deleteReflectionOutbox(): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(reflectionOutboxDatabase);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}
