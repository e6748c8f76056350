import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  crisisReply,
  fallbackReply,
  isPatternAnalysisDue,
  patternsIdentifiedMessage,
  shouldAutoSuggest,
  truncate,
} from './companion.ts';

describe('the fallback reply', () => {
  it.each([
    ['Can you help me with this?', 'I hear that you would like some help.'],
    ['I am confused by the practice', 'I hear that you would like some help.'],
    ['I feel stuck', 'Feeling stuck or finding this difficult'],
    ['This is difficult for me', 'Feeling stuck or finding this difficult'],
    ['Thanks!', "You're welcome."],
    ['How should I write my journal?', 'Reflection works best when it is honest'],
    ['The sea was calm today', 'Thank you for sharing that with me.'],
  ])('answers "%s" by its keyword', (message, opening) => {
    expect(fallbackReply(message).startsWith(opening)).toBe(true);
  });
});

describe('the reply to words of crisis', () => {
  it('the reply points to the helpline and claims no therapy', () => {
    const reply = crisisReply('Call 116 123.');
    expect(reply).toContain('Call 116 123.');
    expect(reply).toContain('not a counsellor or a crisis service');
    expect(reply).not.toMatch(/\btherap/i);
  });
});

describe('pattern analysis', () => {
  it('runs at the third completed reflection and every third after it', () => {
    expect(isPatternAnalysisDue(2, 0)).toBe(false);
    expect(isPatternAnalysisDue(3, 0)).toBe(true);
    expect(isPatternAnalysisDue(5, 3)).toBe(false);
    expect(isPatternAnalysisDue(6, 3)).toBe(true);
  });

  it('announces the count in the spec words', () => {
    expect(patternsIdentifiedMessage(2)).toBe('2 pattern(s) identified in your journey!');
  });
});

describe('the automatic suggestion', () => {
  const long = 'x'.repeat(51);
  it('needs over 50 characters, the AI on, and no suggestion showing', () => {
    expect(shouldAutoSuggest({ text: long, isAiEnabled: true, hasSuggestion: false })).toBe(true);
    expect(
      shouldAutoSuggest({ text: 'x'.repeat(50), isAiEnabled: true, hasSuggestion: false }),
    ).toBe(false);
    expect(shouldAutoSuggest({ text: long, isAiEnabled: false, hasSuggestion: false })).toBe(false);
    expect(shouldAutoSuggest({ text: long, isAiEnabled: true, hasSuggestion: true })).toBe(false);
  });
});

describe('truncate', () => {
  it('never keeps more than the limit and an ellipsis', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 50 }), (text, limit) => {
        expect(Array.from(truncate(text, limit)).length).toBeLessThanOrEqual(limit + 1);
      }),
    );
  });
});
