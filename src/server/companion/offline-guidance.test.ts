import { describe, expect, it } from 'vitest';
import type { CompanionReflection } from './companion-context.ts';
import { chooseSuggestionType } from './generate-suggestion.ts';
import { estimateEmotion } from './offline-emotion.ts';
import { findRecurringPatterns } from './offline-patterns.ts';

const reflection = (response: string, index: number): CompanionReflection => ({
  id: `r${index}`,
  courseId: 'energy-sovereignty',
  moduleId: 'm',
  lessonId: 'l',
  promptId: `p${index}`,
  question: 'What is asking to change?',
  response,
  completed: true,
  updatedAt: new Date(),
});

describe('emotion without the AI service (VADER)', () => {
  it('reads a heavy text as strong and negative', () => {
    const state = estimateEmotion('I feel terrified; everything is awful and I am miserable.');
    expect(state.sentiment).toBeLessThan(0);
    expect(state.intensity).toBeGreaterThan(7);
    expect(state.primary).toBe('distressed');
  });

  it('reads a bright text as positive, and a plain one as neutral and calm', () => {
    expect(estimateEmotion('I felt happy and grateful by the sea.').sentiment).toBeGreaterThan(0);
    expect(estimateEmotion('I walked to the station.')).toEqual({
      primary: 'reflective',
      secondary: null,
      intensity: 1,
      sentiment: 0,
    });
  });
});

describe('patterns without the AI service', () => {
  it('names a word that recurs across reflections, and a recurring feeling', () => {
    const patterns = findRecurringPatterns(
      [
        'My boundaries dissolve at work and I feel anxious.',
        'Holding boundaries with family leaves me anxious but proud.',
        'I kept my boundaries today.',
      ].map(reflection),
      [],
    );
    expect(patterns.map((pattern) => [pattern.type, pattern.title])).toEqual([
      ['insight', '“boundaries” keeps returning'],
      ['challenge', 'A recurring feeling: anxious'],
    ]);
  });

  it('still offers a pattern when nothing recurs', () => {
    const patterns = findRecurringPatterns(['Sea.', 'Stone.', 'Wind.'].map(reflection), []);
    expect(patterns).toMatchObject([{ type: 'growth', title: 'A steady reflective practice' }]);
  });
});

describe('the fallback suggestion type', () => {
  it.each([
    ['I walked to the station and took the train to the office.', 'deepening'],
    ['I am not sure what this means for me yet', 'clarity'],
    ['I felt happy and free by the sea this morning.', 'connection'],
    ['I always felt happy by the sea when I was a child.', 'insight'],
  ])('"%s" asks for %s', (text, type) => {
    expect(chooseSuggestionType(text)).toBe(type);
  });
});
