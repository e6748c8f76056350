import { statfs } from 'node:fs/promises';
import { Socket } from 'node:net';
import type pg from 'pg';
import type { Config } from '../config.ts';

export interface Readiness {
  isReady: boolean;
  database: 'writable' | 'failing';
  disk: 'ok' | 'full';
  mail: 'reachable' | 'unreachable' | 'kept in the outbox';
  payments: Config['paymentMode'];
}

const READY_KEY = 'health:ready';
const SMTP_WAIT_MS = 2_000;

/**
 * Whether this process can do its work, not only answer: a committed write (a full disk or a
 * read-only database fails it), room in DATA_DIR, the SMTP server taking connections (unless
 * mail is kept in the outbox), and payments as configured (the start refuses a half setup).
 */
export async function checkReadiness(pool: pg.Pool, config: Config): Promise<Readiness> {
  const [database, disk, mail] = await Promise.all([
    canWrite(pool),
    hasRoom(config.dataDir),
    config.mail.mode === 'smtp' && config.mail.smtpUrl
      ? canConnect(config.mail.smtpUrl)
      : Promise.resolve('kept in the outbox' as const),
  ]);
  return {
    isReady: database === 'writable' && disk === 'ok' && mail !== 'unreachable',
    database,
    disk,
    mail,
    payments: config.paymentMode,
  };
}

async function canWrite(pool: pg.Pool): Promise<Readiness['database']> {
  try {
    await pool.query(
      `insert into rate_limit_hits (key, window_start, hits) values ($1, now(), 1)
       on conflict (key) do update set window_start = now(), hits = rate_limit_hits.hits % 1000 + 1`,
      [READY_KEY],
    );
    return 'writable';
  } catch {
    return 'failing';
  }
}

async function hasRoom(dataDir: string): Promise<Readiness['disk']> {
  try {
    const { bavail, bsize } = await statfs(dataDir);
    return bavail * bsize > 16 * 1024 * 1024 ? 'ok' : 'full';
  } catch {
    return 'ok'; // DATA_DIR may not exist with DATABASE_URL set: the write above decides.
  }
}

function canConnect(smtpUrl: string): Promise<Readiness['mail']> {
  const { hostname, port, protocol } = new URL(smtpUrl);
  const socket = new Socket();
  return new Promise((resolve) => {
    const settle = (state: Readiness['mail']) => {
      socket.destroy();
      resolve(state);
    };
    socket.setTimeout(SMTP_WAIT_MS, () => settle('unreachable'));
    socket.once('error', () => settle('unreachable'));
    socket.connect(Number(port) || (protocol === 'smtps:' ? 465 : 587), hostname, () =>
      settle('reachable'),
    );
  });
}
