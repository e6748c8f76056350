import { describe, expect, it } from 'vitest';
import { BETA_CODE_PATTERN } from '../../shared/rules/beta.ts';
import { generateBetaCodeText } from './beta-codes.ts';

describe('generateBetaCodeText', () => {
  it('draws SF-XXXX-XXXX codes from the whole alphabet, without repeats', () => {
    const codes = Array.from({ length: 500 }, generateBetaCodeText);
    expect(codes.every((code) => BETA_CODE_PATTERN.test(code))).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    const used = new Set(codes.join('').replaceAll('SF-', '').replaceAll('-', ''));
    expect(used.size).toBe(32);
  });
});
