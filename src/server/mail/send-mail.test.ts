import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { singleLine } from './send-mail.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

describe('the mailer', () => {
  it('logs a kept mail without its address or text: the log outlives a deleted account', async () => {
    const info = vi.spyOn(testApp.app.log, 'info');
    try {
      await testApp.app.mailer.send({
        to: 'dana@example.test',
        subject: 'Reset your password',
        text: 'https://example.test/api/auth/reset-password/secret-token',
      });
      const logged = JSON.stringify(info.mock.calls);
      expect(logged).toContain('Reset your password');
      expect(logged).not.toContain('dana@example.test');
      expect(logged).not.toContain('secret-token');
    } finally {
      info.mockRestore();
    }
  });
});

describe('singleLine', () => {
  it('keeps visitor text on one line, without control or bidi characters', () => {
    expect(singleLine('Maya\n\nOPERATOR NOTE:\u202e approved\u0007')).toBe(
      'Maya OPERATOR NOTE: approved',
    );
  });
});
