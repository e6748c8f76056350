import { describe, expect, it } from 'vitest';
import { prettyLogLine } from './pretty-log.ts';

const at = new Date(2026, 10, 25, 12, 4, 5).getTime();

describe('the log for a person at a terminal', () => {
  it('is one short line: time, level, message, then the fields', () => {
    const line = prettyLogLine(
      JSON.stringify({
        level: 30,
        time: at,
        pid: 4242,
        hostname: 'box',
        msg: 'Sovereign Flame is ready at http://localhost:3000',
        paymentMode: 'test',
      }),
    );
    expect(line).toBe(
      '12:04:05 INFO  Sovereign Flame is ready at http://localhost:3000 paymentMode=test',
    );
  });

  it('flattens a request into its fields and keeps a mail’s lines', () => {
    expect(
      prettyLogLine(
        JSON.stringify({ level: 40, time: at, msg: 'slow', req: { method: 'GET', url: '/x' } }),
      ),
    ).toBe('12:04:05 WARN  slow req.method=GET req.url=/x');
    expect(prettyLogLine(JSON.stringify({ level: 30, time: at, msg: 'To: a\nSubject: b' }))).toBe(
      '12:04:05 INFO  To: a\n         Subject: b',
    );
  });
});
