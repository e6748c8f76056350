import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../db/schema/mail.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { startSmtpInbox, type SmtpInbox } from '../testing/smtp-inbox.ts';
import { MAIL_QUEUE, singleLine } from './send-mail.ts';

const resetMail = {
  to: 'dana@example.test',
  subject: 'Reset your password',
  text: 'Open https://example.test/api/auth/reset-password/secret-token to choose a new password.',
};

/** What the app logged at info while `act` ran, as one string. */
async function loggedWhile(testApp: TestApp, act: () => Promise<unknown>): Promise<string> {
  const info = vi.spyOn(testApp.app.log, 'info');
  try {
    await act();
    return JSON.stringify(info.mock.calls);
  } finally {
    info.mockRestore();
  }
}

describe('the mailer in outbox mode (production without SMTP, chosen by name)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ MAIL_MODE: 'outbox' });
  });
  afterAll(() => testApp.close());

  it('logs a kept mail without its address or text: the log outlives a deleted account', async () => {
    const logged = await loggedWhile(testApp, () => testApp.app.mailer.send(resetMail));
    expect(logged).toContain('Reset your password');
    expect(logged).not.toContain('dana@example.test');
    expect(logged).not.toContain('secret-token');
  });
});

describe('the mailer in console mode (outside production without SMTP)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  it('prints the whole mail, its link included, so a developer can follow it', async () => {
    const logged = await loggedWhile(testApp, () => testApp.app.mailer.send(resetMail));
    expect(logged).toContain('To: dana@example.test');
    expect(logged).toContain('Subject: Reset your password');
    expect(logged).toContain('https://example.test/api/auth/reset-password/secret-token');
  });
});

describe('the mailer with SMTP: every mail goes through the queue', () => {
  let testApp: TestApp;
  let smtp: SmtpInbox;
  beforeAll(async () => {
    smtp = await startSmtpInbox();
    testApp = await buildTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  const statusOf = async (subject: string) =>
    (await testApp.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject)))[0];

  it('keeps a mail while SMTP is down and sends it, once, when SMTP is back', async () => {
    smtp.setDown(true);
    await testApp.app.mailer.send({ ...resetMail, subject: 'Confirm your address' });
    expect(await statusOf('Confirm your address')).toMatchObject({ status: 'queued' });

    expect(await testApp.app.jobs.workPending(MAIL_QUEUE)).toBe(1);
    expect(await statusOf('Confirm your address')).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: expect.stringContaining('unavailable'),
    });
    expect(smtp.received).toHaveLength(0);

    smtp.setDown(false);
    expect(await testApp.app.jobs.workPending(MAIL_QUEUE)).toBe(1);
    expect(await statusOf('Confirm your address')).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.filter((mail) => mail.subject === 'Confirm your address')).toEqual([
      expect.objectContaining({
        to: ['dana@example.test'],
        text: expect.stringContaining('secret-token'),
      }),
    ]);
    expect(await testApp.app.jobs.workPending(MAIL_QUEUE)).toBe(0);
  });

  it('after the last attempt fails, lists the mail as failed until an admin retries it', async () => {
    smtp.setDown(true);
    await testApp.app.mailer.send({ ...resetMail, subject: 'Your receipt' });
    while ((await statusOf('Your receipt'))?.status === 'queued') {
      await testApp.app.jobs.workPending(MAIL_QUEUE);
    }
    expect(await statusOf('Your receipt')).toMatchObject({ status: 'failed', attempts: 11 });
    const [failed] = (await testApp.app.jobs.listFailed()).filter(
      (job) => job.summary === 'Mail to dana@example.test: Your receipt',
    );
    expect(failed).toMatchObject({ queue: MAIL_QUEUE, attempts: 11 });

    smtp.setDown(false);
    await testApp.app.jobs.retryFailed(failed!.id);
    expect(await statusOf('Your receipt')).toMatchObject({ status: 'queued' });
    await testApp.app.jobs.workPending(MAIL_QUEUE);
    expect(await statusOf('Your receipt')).toMatchObject({ status: 'sent' });
    expect(smtp.received.map((mail) => mail.subject)).toContain('Your receipt');
    expect(await testApp.app.jobs.listFailed()).toEqual([]);
  });

  it('sends a calendar file as an attachment', async () => {
    await testApp.app.mailer.send({
      ...resetMail,
      subject: 'Your session',
      attachments: [
        { filename: 'session.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' },
      ],
    });
    await testApp.app.jobs.workPending(MAIL_QUEUE);
    const mail = smtp.received.find((received) => received.subject === 'Your session');
    expect(mail?.text).toContain('session.ics');
  });
});

describe('singleLine', () => {
  it('keeps visitor text on one line, without control or bidi characters', () => {
    expect(singleLine('Maya\n\nOPERATOR NOTE:\u202e approved\u0007')).toBe(
      'Maya OPERATOR NOTE: approved',
    );
  });
});
