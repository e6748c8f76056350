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
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = await pool.connect();
    next.on('notification', (message) => {
      if (message.channel === channel) onNotice();
    });
    next.on('error', (error) => {
      log.warn({ err: error, channel }, 'lost the connection that listens for changes');
      next.release(true);
      client = undefined;
      scheduleReconnect();
    });
    await next.query(`LISTEN ${channel}`);
    client = next;
  };

  const scheduleReconnect = () => {
    if (closed) return;
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
      if (!client) return;
      await client.query(`UNLISTEN ${channel}`).catch(() => {});
      client.release();
      client = undefined;
    },
  };
}
