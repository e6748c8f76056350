import { describe, expect, it } from 'vitest';
import { toReturnPath } from './return-path.ts';

describe('a return path', () => {
  it('keeps a page of this site, with its query and fragment', () => {
    expect(toReturnPath('/dashboard')).toBe('/dashboard');
    expect(toReturnPath('/settings?tab=billing#plan')).toBe('/settings?tab=billing#plan');
  });

  it.each([
    '/\\evil.example',
    '/\\/evil.example',
    '//evil.example',
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
});
