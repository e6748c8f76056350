import type pg from 'pg';

export interface ChannelListener {
  close: () => Promise<void>;
}

interface ListenLog {
  warn: (object: object, message: string) => void;
}

const RECONNECT_DELAY_MS = 1_000;

/**
 * Holds one connection that LISTENs on a PostgreSQL channel, so that every app process hears what
 * another one changed. A lost connection is replaced after a second, and `onNotice` is called then
 * too: a notice sent while nobody listened would otherwise be missed.
 */
export async function listenToChannel(
  pool: pg.Pool,
  channel: string,
  onNotice: () => void,
  log: ListenLog,
): Promise<ChannelListener> {
  let client: pg.PoolClient | undefined;
  /** Takes our handlers off the held connection before it goes back to the pool. */
  let detach = () => {};
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = await pool.connect();
    const notice = (message: pg.Notification) => {
      if (message.channel === channel) onNotice();
    };
    // A connection can fail more than once (an error, then its end), or after close() gave it
    // back: it is given back once, and without our handlers, as the pool lends it out again.
    const lose = (error: Error) => {
      if (client !== next) return;
      log.warn({ err: error, channel }, 'lost the connection that listens for changes');
      client = undefined;
      next.release(true);
      scheduleReconnect();
    };
    next.on('notification', notice);
    next.on('error', lose);
    client = next;
    detach = () => {
      next.off('notification', notice);
      next.off('error', lose);
    };
    try {
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      // Given back here; the caller decides whether to try again.
      if (client === next) {
        client = undefined;
        detach();
        next.release(true);
      }
      throw error;
    }
  };

  const scheduleReconnect = () => {
    if (closed) return;
    // One attempt waits at a time, however many failures asked for it.
    clearTimeout(retry);
    retry = setTimeout(() => {
      connect().then(onNotice, (error: unknown) => {
        log.warn({ err: error, channel }, 'could not listen for changes; trying again');
        scheduleReconnect();
      });
    }, RECONNECT_DELAY_MS);
    retry.unref();
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const held = client;
      if (!held) return;
      client = undefined;
      await held.query(`UNLISTEN ${channel}`).catch(() => {});
      detach();
      held.release();
    },
  };
}
