import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { createJobQueue } from '../jobs/job-queue.ts';
import { MAIL_QUEUE, mailQueueSettings } from './send-mail.ts';

/**
 * Mail the outbox holds as queued gets a job on the mail queue again: after a restore, whose
 * backup leaves the queue's own tables out, the mail waiting at the backup's instant still goes.
 * Answers how many were queued.
 */
export async function requeueWaitingMail(pool: pg.Pool, log: FastifyBaseLogger): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `select id from mail_outbox where status = 'queued' order by id`,
  );
  if (rows.length === 0) return 0;
  const jobs = createJobQueue(pool, log, { runWorkers: false });
  jobs.define(MAIL_QUEUE, mailQueueSettings, async () => {});
  await jobs.start();
  try {
    for (const { id } of rows) await jobs.send(MAIL_QUEUE, { outboxId: id });
  } finally {
    await jobs.stop();
  }
  return rows.length;
}
