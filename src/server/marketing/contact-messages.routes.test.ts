import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxMessages, type Inbox, type InboxItem } from '../../shared/api/inbox.ts';
import { CONTACT_MESSAGE_MAX_LENGTH } from '../../shared/rules/contact-message.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { waitForMailTo } from '../testing/mail.ts';
import {
  createAdmin,
  createUser,
  nextClientAddress,
  type TestAdmin,
  type TestUser,
} from '../testing/users.ts';
import { contactMessageRateLimit } from './contact-messages.routes.ts';

const CONTACT = 'care@contact-form.example';

let testApp: TestApp;
let admin: TestAdmin;
let learner: TestUser;
beforeAll(async () => {
  testApp = await buildTestApp({ CONTACT_EMAIL: CONTACT });
  [admin, learner] = await Promise.all([
    createAdmin(testApp.app, testApp.db),
    createUser(testApp.app),
  ]);
});
afterAll(() => testApp.close());

const aMessage = () => ({
  name: 'Lena Moss',
  email: `lena-${randomUUID()}@example.com`,
  message: 'Can I start the course while travelling?\nI will be offline for a week.',
});

const send = (payload: unknown, remoteAddress = nextClientAddress()) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/contact-messages',
    payload: payload as object,
    remoteAddress,
  });

async function inboxItem(id: string): Promise<InboxItem | undefined> {
  const inbox = (await testApp.as(admin).get('/api/admin/inbox')).json<Inbox>();
  return inbox.items.find((item) => item.id === id);
}

describe('POST /api/contact-messages', () => {
  it('keeps the message for the Inbox and tells the creator without carrying the words', async () => {
    const message = aMessage();
    const response = await send(message);
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();

    expect(await inboxItem(id)).toEqual({
      kind: 'contact-message',
      id,
      createdAt: expect.any(String),
      state: 'new',
      name: 'Lena Moss',
      email: message.email,
      refund: null,
      message: message.message,
    });
    const mail = await waitForMailTo(
      testApp.db,
      CONTACT,
      'New Sovereign Flame message from Lena Moss',
    );
    expect(mail.text).toContain(`Lena Moss <${message.email}> wrote to you with the contact form.`);
    expect(mail.text).toContain('/admin?tab=inbox');
    expect(mail.text).not.toContain('travelling');
  });

  it('refuses a message without words, name or a valid address, each with its reason', async () => {
    const refusals = [
      [{ ...aMessage(), message: '   ' }, 'Please write your message'],
      [{ ...aMessage(), name: '' }, 'Name is required'],
      [{ ...aMessage(), email: 'not-an-address' }, 'Please enter a valid email address'],
      [
        { ...aMessage(), message: 'x'.repeat(CONTACT_MESSAGE_MAX_LENGTH + 1) },
        `The message can be at most ${CONTACT_MESSAGE_MAX_LENGTH} characters`,
      ],
    ] as const;
    for (const [payload, reason] of refusals) {
      const response = await send(payload);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(reason);
    }
  });

  it('limits messages per client address with 429, each address on its own', async () => {
    const address = nextClientAddress();
    for (let attempt = 0; attempt < contactMessageRateLimit.max; attempt++) {
      expect((await send(aMessage(), address)).statusCode).toBe(201);
    }
    const limited = await send(aMessage(), address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(contactMessageRateLimit.message);
    expect((await send(aMessage(), nextClientAddress())).statusCode).toBe(201);
  });
});

describe('a contact message in the Inbox', () => {
  it('moves to answered and closed as the admin says, and counts as new until then', async () => {
    const { id } = (await send(aMessage())).json<{ id: string }>();
    const newBefore = (await testApp.as(admin).get('/api/admin/inbox')).json<Inbox>().newCount;

    const answered = await testApp
      .as(admin)
      .patch(`/api/admin/inbox/contact-message/${id}`, { state: 'answered' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json<InboxItem>()).toMatchObject({ id, state: 'answered' });
    const inbox = (await testApp.as(admin).get('/api/admin/inbox?state=answered')).json<Inbox>();
    expect(inbox.items.map((item) => item.id)).toContain(id);
    expect(inbox.newCount).toBe(newBefore - 1);
  });

  it('answers 404 for a message that does not exist', async () => {
    const missing = await testApp
      .as(admin)
      .patch(`/api/admin/inbox/contact-message/${randomUUID()}`, { state: 'closed' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(inboxMessages.notFound);
  });

  it('is read and moved by admins only: 401 without a session, 403 for a learner', async () => {
    const { id } = (await send(aMessage())).json<{ id: string }>();
    const url = `/api/admin/inbox/contact-message/${id}`;
    expect((await testApp.as(undefined).get('/api/admin/inbox')).statusCode).toBe(401);
    expect((await testApp.as(learner).get('/api/admin/inbox')).statusCode).toBe(403);
    expect((await testApp.as(undefined).patch(url, { state: 'closed' })).statusCode).toBe(401);
    expect((await testApp.as(learner).patch(url, { state: 'closed' })).statusCode).toBe(403);
    expect((await inboxItem(id))?.state).toBe('new');
  });
});
