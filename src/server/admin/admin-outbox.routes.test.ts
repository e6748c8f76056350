import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactorMessages } from '../../shared/api/account.ts';
import type { OutboxMail, OutboxPage } from '../../shared/api/mail.ts';
import { HIDDEN_LINK_TEXT } from '../mail/hide-sign-in-links.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { waitForMailTo } from '../testing/mail.ts';
import { totpCodeFor } from '../testing/totp.ts';
import {
  createAdmin,
  createUser,
  nextClientAddress,
  type TestAdmin,
  type TestUser,
} from '../testing/users.ts';

let testApp: TestApp;
let admin: TestAdmin;
beforeAll(async () => {
  testApp = await buildTestApp({ MAIL_MODE: 'outbox' });
  admin = await createAdmin(testApp.app, testApp.db);
});
afterAll(() => testApp.close());

const get = (url: string, cookie?: string) =>
  testApp.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('a reset or confirmation mail in the Outbox (T4-M2)', () => {
  const reveal = (mailId: number, user: TestUser | undefined, code: string) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${mailId}/reveal`,
      headers: user ? { cookie: user.cookie } : {},
      payload: { code },
    });

  it('hides the link, and reveals it only with a fresh code, in the learner’s history', async () => {
    const learner = await createUser(testApp.app);
    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      remoteAddress: nextClientAddress(),
      payload: { email: learner.email, redirectTo: '/reset-password' },
    });
    const kept = await waitForMailTo(
      testApp.db,
      learner.email,
      'Reset your Sovereign Flame password',
    );
    const listed = (await get('/api/admin/outbox', admin.cookie))
      .json<OutboxPage>()
      .mails.find((mail) => mail.id === kept.id)!;
    expect(listed.hasHiddenLink).toBe(true);
    expect(listed.text).toContain(HIDDEN_LINK_TEXT);
    expect(listed.text).not.toContain('/api/auth/reset-password/');

    expect((await reveal(kept.id, undefined, '123456')).statusCode).toBe(401);
    expect((await reveal(kept.id, learner, '123456')).statusCode).toBe(403);
    const malformed = await reveal(kept.id, admin, 'abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ code: twoFactorMessages.codeInvalid });

    // The admin's sign-in used this step's code: the authenticator's next one.
    const code = totpCodeFor(admin.totpURI, Date.now() + 30_000);
    const revealed = await reveal(kept.id, admin, code);
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.json<OutboxMail>().text).toContain('/api/auth/reset-password/');
    const replayed = await reveal(kept.id, admin, code);
    expect(replayed.statusCode).toBe(400);

    const exported = await testApp.app.inject({
      url: '/api/account/export',
      headers: { cookie: learner.cookie },
    });
    expect(exported.json().accountEvents).toContainEqual(
      expect.objectContaining({ action: 'outbox-mail-revealed', actorEmail: admin.email }),
    );

    // The reveal's code was a fresh second factor: a sensitive action goes through without another.
    const disabled = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/users/${learner.id}/disable`,
      headers: { cookie: admin.cookie },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
  });
});
