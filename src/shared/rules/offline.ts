/**
 * The service worker's caches that hold something of the signed-in learner: who they are and the
 * lesson they last opened. Sign-out deletes them, so an offline reload after it shows no one's
 * page (decision 041). The shell and the hashed assets hold nothing personal and stay.
 */
export const signedInCacheNames = ['session', 'current-lesson'] as const;

/**
 * The IndexedDB database of reflections written offline and not sent yet (the outbox). Sign-out
 * and account deletion delete it with the caches above.
 */
export const reflectionOutboxDatabase = 'reflection-outbox';

/** The Background Sync tag under which a page asks the service worker to send the outbox. */
export const reflectionOutboxSyncTag = 'reflection-outbox';
