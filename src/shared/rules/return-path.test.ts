import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toReturnPath } from './return-path.ts';

const THIS_SITE = 'https://this-site.invalid';

describe('a return path', () => {
  it('keeps a page of this site, with its query and fragment', () => {
    expect(toReturnPath('/dashboard')).toBe('/dashboard');
    expect(toReturnPath('/settings?tab=billing#plan')).toBe('/settings?tab=billing#plan');
    expect(toReturnPath('/courses/./x/../y')).toBe('/courses/y');
  });

  it.each([
    '/\\evil.example',
    '/\\/evil.example',
    '//evil.example',
    '//',
    '/.//evil.example',
    '/..//evil.example',
    '/./..//evil.example/phish',
    '/x/..//evil.example',
    '/%2e//evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    ' /evil',
    'https://evil.example/',
    'javascript:alert(1)',
    'evil.example',
    '',
  ])('refuses %j, which could lead to another site', (value) => {
    expect(toReturnPath(value)).toBeNull();
  });

  it('never gives a path that a browser would follow to another host', () => {
    const segment = fc.constantFrom('', '.', '..', '%2e', '%2E%2e', 'a', 'evil.example', '%2f');
    const separator = fc.constantFrom('/', '//', '///');
    const path = fc
      .array(fc.tuple(separator, segment), { minLength: 1, maxLength: 6 })
      .map((parts) => parts.map(([slashes, name]) => `${slashes}${name}`).join(''));
    fc.assert(
      fc.property(path, fc.constantFrom('', '?x=1', '#top'), (value, tail) => {
        const result = toReturnPath(`${value}${tail}`);
        if (result === null) return;
        expect(result.startsWith('/') && !result.startsWith('//')).toBe(true);
        expect(new URL(result, THIS_SITE).origin).toBe(THIS_SITE);
        expect(new URL(result, 'https://other.invalid/a/b').origin).toBe('https://other.invalid');
      }),
      { numRuns: 2000 },
    );
  });
});
