import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_PAGE_SIZE, type OutboxPage } from '../../shared/api/mail.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { createAdmin, createUser, type TestUser } from '../testing/users.ts';

let testApp: TestApp;
let admin: TestUser;
beforeAll(async () => {
  testApp = await buildTestApp({ MAIL_MODE: 'outbox' });
  admin = await createAdmin(testApp.app, testApp.db);
});
afterAll(() => testApp.close());

const get = (url: string, cookie?: string) =>
  testApp.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('GET /api/admin/outbox', () => {
  it('shows admins the kept mail whole, newest first, a page at a time', async () => {
    for (let number = 1; number <= OUTBOX_PAGE_SIZE + 1; number++) {
      await testApp.app.mailer.send({
        to: `reader-${number}@example.com`,
        subject: `Mail ${number}`,
        text: `Open https://example.test/link-${number}`,
      });
    }
    const first = await get('/api/admin/outbox', admin.cookie);
    expect(first.statusCode).toBe(200);
    const page = first.json<OutboxPage>();
    expect(page).toMatchObject({ mailMode: 'outbox', page: 1, pageSize: OUTBOX_PAGE_SIZE });
    expect(page.total).toBeGreaterThanOrEqual(OUTBOX_PAGE_SIZE + 1);
    expect(page.mails).toHaveLength(OUTBOX_PAGE_SIZE);
    expect(page.mails[0]).toMatchObject({
      to: `reader-${OUTBOX_PAGE_SIZE + 1}@example.com`,
      subject: `Mail ${OUTBOX_PAGE_SIZE + 1}`,
      text: `Open https://example.test/link-${OUTBOX_PAGE_SIZE + 1}`,
    });

    const lastPage = Math.ceil(page.total / OUTBOX_PAGE_SIZE);
    const last = (await get(`/api/admin/outbox?page=${lastPage}`, admin.cookie)).json<OutboxPage>();
    expect(last.mails.at(-1)?.subject).not.toBe(`Mail ${OUTBOX_PAGE_SIZE + 1}`);
    expect(last.mails.length).toBeGreaterThan(0);
  });

  it('refuses a page that is not a whole number from 1, saying so', async () => {
    for (const page of ['0', 'two', '1.5', '9'.repeat(400)]) {
      const response = await get(`/api/admin/outbox?page=${page}`, admin.cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/page must/);
    }
  });

  it('shows each attachment by name and type, and downloads it whole', async () => {
    await testApp.app.mailer.send({
      to: 'booker@example.com',
      subject: 'Your session is booked',
      text: 'See you then.',
      attachments: [
        { filename: 'session.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' },
      ],
    });
    const page = (await get('/api/admin/outbox', admin.cookie)).json<OutboxPage>();
    const mail = page.mails.find((kept) => kept.subject === 'Your session is booked')!;
    expect(mail).toMatchObject({
      status: 'kept',
      attachments: [{ filename: 'session.ics', contentType: 'text/calendar' }],
    });
    const download = await get(`/api/admin/outbox/${mail.id}/attachments/0`, admin.cookie);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toMatch(/^text\/calendar/);
    expect(download.headers['content-disposition']).toContain('attachment; filename="session.ics"');
    expect(download.body).toBe('BEGIN:VCALENDAR');

    expect((await get(`/api/admin/outbox/${mail.id}/attachments/1`, admin.cookie)).statusCode).toBe(
      404,
    );
    const bad = await get(`/api/admin/outbox/${mail.id}/attachments/first`, admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/index must/);
    const learner = await createUser(testApp.app);
    expect((await get(`/api/admin/outbox/${mail.id}/attachments/0`)).statusCode).toBe(401);
    expect(
      (await get(`/api/admin/outbox/${mail.id}/attachments/0`, learner.cookie)).statusCode,
    ).toBe(403);
  });

  it('answers 401 without a session and 403 for a learner: the mail holds live links', async () => {
    const learner = await createUser(testApp.app);
    expect((await get('/api/admin/outbox')).statusCode).toBe(401);
    expect((await get('/api/admin/outbox', learner.cookie)).statusCode).toBe(403);
  });
});
