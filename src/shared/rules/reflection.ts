/** Reflection rules (spec 2 §4, §5, §9): pure, shared by the card and the server. */
import { withThousands } from '../number-text.ts';

export const REFLECTION_COMPLETION_MINIMUM = 100;
export const REFLECTION_BAR_FULL_AT = 300;
export const REFLECTION_MAX_LENGTH = 10_000;
export const REFLECTION_AUTOSAVE_DELAY_MS = 1000;

export const reflectionMessages = {
  blankSubmit: 'Please enter your reflection before submitting.',
  blankSave: 'Please enter your reflection before saving.',
  tooShortToSubmit: `A reflection needs at least ${REFLECTION_COMPLETION_MINIMUM} characters before it can be submitted.`,
  tooLong: `A reflection can be at most ${withThousands(REFLECTION_MAX_LENGTH)} characters.`,
  saveFailed: 'Error saving',
  submitted: 'Reflection submitted successfully!',
  incompleteLesson: 'Please complete all reflections before marking the lesson as complete.',
  lessonCompleted: 'Lesson completed!',
  badVersion: 'basedOn must be the updatedAt of the saved reflection, or null',
  badSaveId: 'saveId must be a save id',
  /** A 409: another device saved this reflection after the text sent was written (decision 041). */
  changedElsewhere:
    'This reflection was changed on another device after this text was written, so the newer text was kept.',
} as const;

/** Characters as a reader counts them: code points, without surrounding white space. */
export function reflectionLength(text: string): number {
  return Array.from(text.trim()).length;
}

export function isBlank(text: string): boolean {
  return text.trim() === '';
}

/**
 * How a reflection is sent: the autosave keeps a draft, Save keeps it and completes it from 100
 * characters, Submit completes it ("a draft is saved on edit and completed on submit").
 */
export const reflectionActions = ['autosave', 'save', 'submit'] as const;
export type ReflectionAction = (typeof reflectionActions)[number];

/** Completed by a Save of at least 100 characters or by Submit; never undone. */
export function isReflectionCompleted({
  wasCompleted,
  response,
  action,
}: {
  wasCompleted: boolean;
  response: string;
  action: ReflectionAction;
}): boolean {
  if (wasCompleted) return true;
  if (action === 'submit') return !isBlank(response);
  return action === 'save' && reflectionLength(response) >= REFLECTION_COMPLETION_MINIMUM;
}

/** Submit shows only while the reflection is open and long enough. */
export function canSubmitReflection(response: string, isCompleted: boolean): boolean {
  return !isCompleted && reflectionLength(response) >= REFLECTION_COMPLETION_MINIMUM;
}

export type CharacterBand = 'short' | 'enough' | 'full';

/** The bar's colour band: below 100, below 300, and 300 or more. */
export function characterBand(length: number): CharacterBand {
  if (length < REFLECTION_COMPLETION_MINIMUM) return 'short';
  if (length < REFLECTION_BAR_FULL_AT) return 'enough';
  return 'full';
}

/** The bar's fill in percent, full at 300 characters. */
export function characterBarPercent(length: number): number {
  return Math.min(100, Math.round((length / REFLECTION_BAR_FULL_AT) * 100));
}
