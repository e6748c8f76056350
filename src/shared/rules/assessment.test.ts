import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasRequiredAnswers, type RequiredAnswers } from './assessment.ts';

const complete: RequiredAnswers = {
  name: 'Maya Stone',
  email: 'maya@example.com',
  drawnToSovereignty: 'I keep giving my power away.',
  sovereigntyMeaning: 'Choosing my own life.',
};
const requiredFields = Object.keys(complete) as (keyof RequiredAnswers)[];

describe('hasRequiredAnswers', () => {
  it('accepts the four required answers', () => {
    expect(hasRequiredAnswers(complete)).toBe(true);
  });

  it('refuses the answers when any required one is blank or only whitespace', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...requiredFields),
        fc.stringMatching(/^\s*$/),
        (field, blank) => !hasRequiredAnswers({ ...complete, [field]: blank }),
      ),
    );
  });
});
