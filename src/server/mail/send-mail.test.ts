import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { singleLine } from './send-mail.ts';

const resetMail = {
  to: 'dana@example.test',
  subject: 'Reset your password',
  text: 'Open https://example.test/api/auth/reset-password/secret-token to choose a new password.',
};

/** What the app logged at info while `act` ran, as one string. */
async function loggedWhile(testApp: TestApp, act: () => Promise<void>): Promise<string> {
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

describe('singleLine', () => {
  it('keeps visitor text on one line, without control or bidi characters', () => {
    expect(singleLine('Maya\n\nOPERATOR NOTE:\u202e approved\u0007')).toBe(
      'Maya OPERATOR NOTE: approved',
    );
  });
});
