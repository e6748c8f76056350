import type pg from 'pg';
import { listenToChannel } from './listen.ts';

/** A document every process holds in memory and reads again when another process saves it. */
export interface LiveDocument<T> {
  current: () => T;
  /** Reads it again now (after this process saved it, or when told). */
  refresh: () => Promise<void>;
  close: () => Promise<void>;
}

interface LiveDocumentOptions<T> {
  pool: pg.Pool;
  /** The channel a save notifies (`pg_notify`), so that every process reads it again at once. */
  channel: string;
  read: () => Promise<T>;
  /** What it is, for the log: "the settings". */
  name: string;
  log: { warn: (object: object, message: string) => void };
  /** Read again this often as well, should a notice go astray; never when absent. */
  pollSeconds?: number;
  /** Called with each document read, the first included. */
  onRead?: (document: T) => void;
}

/**
 * The one way an admin-edited document (the settings, the AI prompts, the published programme)
 * is served: read once at start, kept in memory, read again on its channel's notice and,
 * optionally, on a timer. A failed read keeps the document as it was and is logged.
 */
export async function createLiveDocument<T>(
  options: LiveDocumentOptions<T>,
): Promise<LiveDocument<T>> {
  const { pool, channel, read, name, log, pollSeconds, onRead } = options;
  let document = await read();
  onRead?.(document);
  const refresh = async () => {
    document = await read();
    onRead?.(document);
  };
  const refreshQuietly = () => {
    refresh().catch((error: unknown) => log.warn({ err: error }, `could not read ${name}`));
  };
  const listener = await listenToChannel(pool, channel, refreshQuietly, log);
  const timer = pollSeconds ? setInterval(refreshQuietly, pollSeconds * 1000).unref() : undefined;
  return {
    current: () => document,
    refresh,
    close: async () => {
      clearInterval(timer);
      await listener.close();
    },
  };
}
