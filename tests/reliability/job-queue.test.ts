import PgBoss from 'pg-boss';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { JOB_SCHEMA } from '../../src/server/jobs/job-queue.ts';
import { MAIL_QUEUE } from '../../src/server/mail/send-mail.ts';
import { describeServerProcesses } from '../../src/server/testing/server-process.ts';
import { startSmtpInbox, type SmtpInbox } from '../../src/server/testing/smtp-inbox.ts';
import { createInstallation, type Installation } from './servers.ts';

const MAILS = 40;

let smtp: SmtpInbox;
let installation: Installation;
beforeAll(async () => {
  smtp = await startSmtpInbox();
  installation = await createInstallation({ SMTP_URL: smtp.url });
  await Promise.all([installation.start(), installation.start()]);
}, 120_000);
afterAll(async () => {
  await installation?.close();
  await smtp?.close();
});

describeServerProcesses('the job queue across two server processes', () => {
  it('sends each queued mail once, whichever process claims it', async () => {
    const outboxIds = await queueMails(installation, MAILS);
    await vi.waitFor(
      async () => {
        const [counted] = await installation.query<{ sent: number }>(
          `select count(*)::int as sent from mail_outbox where status = 'sent' and id = any($1)`,
          [outboxIds],
        );
        expect(counted?.sent).toBe(MAILS);
      },
      { timeout: 60_000, interval: 200 },
    );
    const subjects = smtp.received.map((mail) => mail.subject).filter((s) => s.startsWith('Mail '));
    expect(subjects).toHaveLength(MAILS);
    expect(new Set(subjects).size).toBe(MAILS);
  });
});

/** Writes mails to the outbox and queues their jobs from outside both processes, all at once. */
async function queueMails(target: Installation, howMany: number): Promise<number[]> {
  const rows = await target.query<{ id: number }>(
    `insert into mail_outbox ("to", subject, text, status)
     select 'reader-' || n || '@example.com', 'Mail ' || n, 'Hello', 'queued'
       from generate_series(1, $1::int) as n
     returning id`,
    [howMany],
  );
  const boss = new PgBoss({
    connectionString: target.databaseUrl,
    schema: JOB_SCHEMA,
    supervise: false,
    schedule: false,
    migrate: false,
  });
  await boss.start();
  await boss.insert(rows.map(({ id }) => ({ name: MAIL_QUEUE, data: { outboxId: id } })));
  await boss.stop({ graceful: false, wait: true });
  return rows.map((row) => row.id);
}
