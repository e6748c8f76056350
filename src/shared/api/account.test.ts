import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '../rules/account.ts';
import { firstValidationMessage } from './auth.ts';
import { isWebAddress, updateProfileSchema } from './account.ts';

/** The pattern the profile fields used before: the same answers, without its backtracking. */
const earlierPattern = /^https?:\/\/[^\s]+\.[^\s]+$/;

const cpuMilliseconds = (work: () => void) => {
  const started = process.cpuUsage();
  work();
  const { user, system } = process.cpuUsage(started);
  return (user + system) / 1000;
};

describe('the profile web addresses', () => {
  it('accept and refuse what the earlier pattern did', () => {
    const piece = fc.constantFrom('http://', 'https://', 'a', '.', ' ', '\t', '/', 'x.y', ':');
    const address = fc.array(piece, { maxLength: 8 }).map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(address, (value) => {
        expect(isWebAddress(value)).toBe(earlierPattern.test(value));
      }),
    );
    expect(isWebAddress('https://ana.example.com')).toBe(true);
    expect(isWebAddress('ana.example.com')).toBe(false);
  });

  it.each(['website', 'avatarUrl'])(
    'answer a 64 KB %s of dots by its length at once, without running the check over it',
    (field) => {
      const hostile = `http://${'.'.repeat(64_000)} a`;
      let message: string | undefined;
      const milliseconds = cpuMilliseconds(() => {
        message = firstValidationMessage(updateProfileSchema, { [field]: hostile });
      });
      expect(message).toBe('The address can be at most 500 characters');
      expect(milliseconds).toBeLessThan(50);
      expect(firstValidationMessage(updateProfileSchema, { [field]: 'ana.com' })).toBe(
        accountMessages.websiteInvalid,
      );
    },
  );
});
