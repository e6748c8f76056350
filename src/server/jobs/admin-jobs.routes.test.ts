import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FailedJobList } from '../../shared/api/jobs.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { startSmtpInbox, type SmtpInbox } from '../testing/smtp-inbox.ts';
import { createAdmin, createUser, type TestUser } from '../testing/users.ts';
import { MAIL_QUEUE } from '../mail/send-mail.ts';

let testApp: TestApp;
let smtp: SmtpInbox;
let admin: TestUser;
let learner: TestUser;
beforeAll(async () => {
  smtp = await startSmtpInbox();
  testApp = await buildTestApp({ SMTP_URL: smtp.url });
  admin = await createAdmin(testApp.app, testApp.db);
  learner = await createUser(testApp.app);
});
afterAll(async () => {
  await testApp.close();
  await smtp.close();
});

/** A mail every attempt of which failed: SMTP down through all of them. */
async function failMail(subject: string): Promise<string> {
  smtp.setDown(true);
  await testApp.app.mailer.send({ to: 'ana@example.test', subject, text: 'Hello' });
  for (let attempt = 0; attempt <= 10; attempt++) await testApp.app.jobs.workPending(MAIL_QUEUE);
  smtp.setDown(false);
  const list = (await testApp.as(admin).get('/api/admin/jobs/failed')).json<FailedJobList>();
  const job = list.jobs.find((failed) => failed.summary.endsWith(subject));
  if (!job) throw new Error(`no failed job for ${subject}`);
  return job.id;
}

describe('the dead-letter list', () => {
  it('shows an admin each failed mail with its error, and retrying it sends it', async () => {
    const id = await failMail('Welcome');
    const list = (await testApp.as(admin).get('/api/admin/jobs/failed')).json<FailedJobList>();
    expect(list.jobs.find((job) => job.id === id)).toMatchObject({
      queue: 'mail',
      summary: 'Mail to ana@example.test: Welcome',
      attempts: 11,
      error: expect.stringContaining('unavailable'),
    });

    const retried = await testApp.as(admin).post(`/api/admin/jobs/failed/${id}/retry`);
    expect(retried.statusCode).toBe(200);
    await testApp.app.jobs.workPending(MAIL_QUEUE);
    expect(smtp.received.map((mail) => mail.subject)).toContain('Welcome');
    const after = (await testApp.as(admin).get('/api/admin/jobs/failed')).json<FailedJobList>();
    expect(after.jobs.map((job) => job.id)).not.toContain(id);
  });

  it('discarding a failed mail removes it from the list and the Outbox', async () => {
    const id = await failMail('Old news');
    expect((await testApp.as(admin).delete(`/api/admin/jobs/failed/${id}`)).statusCode).toBe(200);
    const after = (await testApp.as(admin).get('/api/admin/jobs/failed')).json<FailedJobList>();
    expect(after.jobs.map((job) => job.id)).not.toContain(id);
    const outbox = (await testApp.as(admin).get('/api/admin/outbox')).json<{
      mails: { subject: string }[];
    }>();
    expect(outbox.mails.map((mail) => mail.subject)).not.toContain('Old news');
    expect(smtp.received.map((mail) => mail.subject)).not.toContain('Old news');
  });

  it('answers 404 for a job no longer failed, and 400 naming the id when it is no job id', async () => {
    const gone = await testApp
      .as(admin)
      .post('/api/admin/jobs/failed/00000000-0000-4000-8000-000000000000/retry');
    expect(gone.statusCode).toBe(404);
    for (const id of ['12', 'x'.repeat(60)]) {
      const response = await testApp.as(admin).delete(`/api/admin/jobs/failed/${id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/id must be a job id/);
    }
  });

  it('answers 401 without a session and 403 for a learner', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/admin/jobs/failed'],
      ['POST', `/api/admin/jobs/failed/${id}/retry`],
      ['DELETE', `/api/admin/jobs/failed/${id}`],
    ] as const) {
      expect((await testApp.as(undefined).request(method, url)).statusCode).toBe(401);
      expect((await testApp.as(learner).request(method, url)).statusCode).toBe(403);
    }
  });
});
