import { describe, expect, it } from 'vitest';
import { withoutTokens } from './log-redaction.ts';

describe('request URLs in the log', () => {
  it.each([
    [
      '/api/auth/reset-password/AbC123xyz?callbackURL=%2Freset-password',
      '/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password',
    ],
    ['/reset-password?token=AbC123xyz', '/reset-password?token=[redacted]'],
    [
      '/api/auth/verify-email?token=eyJhbGciOi.x.y&callbackURL=%2Fdashboard',
      '/api/auth/verify-email?token=[redacted]&callbackURL=%2Fdashboard',
    ],
    ['/api/admin/user-search?email=dana%40example.test', '/api/admin/user-search?email=[redacted]'],
    ['/register?email=dana%40example.test&x=1', '/register?email=[redacted]&x=1'],
    ['/api/catalogue', '/api/catalogue'],
  ])('%s is logged as %s', (url, logged) => {
    expect(withoutTokens(url)).toBe(logged);
  });
});
