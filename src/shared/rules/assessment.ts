/**
 * The sacred assessment's fixed vocabulary and its one submit rule (spec 1 §2, §3, §5, §8).
 * Free of zod on purpose: the landing page imports it, and its bundle stays small.
 */

export const ANSWER_MAX_LENGTH = 5000;
export const NAME_MAX_LENGTH = 200;

export const READINESS_MIN = 1;
export const READINESS_MAX = 10;
export const READINESS_DEFAULT = 5;

export const takeResponsibilityChoices = ['yes', 'not-yet', 'dont-know'] as const;
export type TakeResponsibility = (typeof takeResponsibilityChoices)[number];
export const takeResponsibilityLabels: Record<TakeResponsibility, string> = {
  yes: 'Yes',
  'not-yet': 'Not yet',
  'dont-know': "I don't know",
};

export const facingDiscomfortChoices = ['numb', 'collapse', 'sit-with', 'transmute'] as const;
export type FacingDiscomfort = (typeof facingDiscomfortChoices)[number];
export const facingDiscomfortLabels: Record<FacingDiscomfort, string> = {
  numb: 'I go numb or distract myself',
  collapse: 'I collapse under it',
  'sit-with': 'I can sit with it',
  transmute: 'I transmute it into fuel',
};

export const trueStatementChoices = [
  'avoiding-parts-of-myself',
  'unfocused-fire',
  'tired-of-playing-small',
  'leading-others-not-myself',
  'ready-to-be-seen',
] as const;
export type TrueStatement = (typeof trueStatementChoices)[number];
export const trueStatementLabels: Record<TrueStatement, string> = {
  'avoiding-parts-of-myself': 'I have been avoiding parts of myself',
  'unfocused-fire': 'I feel a fire inside, but it is unfocused',
  'tired-of-playing-small': 'I am tired of playing small',
  'leading-others-not-myself': 'I have led others without fully leading myself',
  'ready-to-be-seen': 'I am ready to be seen, even if it scares me',
};

/** Each question as the applicant reads it, for the form and for the admin who reads the answers. */
export const assessmentQuestions = {
  drawnToSovereignty: 'What draws you to sovereignty right now?',
  sovereigntyMeaning: 'What does sovereignty mean to you?',
  takeResponsibility:
    'Are you willing to take full responsibility for your life, your patterns and your choices?',
  facingDiscomfort: 'When discomfort rises, what do you usually do?',
  trueStatements: 'Which of these statements feel true for you? Choose all that apply.',
  noLongerAvailable: 'What are you no longer available for?',
  greatestResistance: 'What is your greatest resistance to stepping fully into your power?',
  readinessScale: 'On a scale of 1 to 10, how ready are you to step into your sovereignty?',
  additionalThoughts: 'Is there anything else you would like us to know?',
} as const;
export type AssessmentQuestion = keyof typeof assessmentQuestions;

export const assessmentMessages = {
  incomplete: 'Please complete all required fields',
  submitted:
    'Sacred assessment submitted! You will receive your initiation results within 24 hours.',
  failed: 'Something went wrong. Please try again.',
} as const;

export interface RequiredAnswers {
  name: string;
  email: string;
  drawnToSovereignty: string;
  sovereigntyMeaning: string;
}

const requiredFields = ['drawnToSovereignty', 'sovereigntyMeaning', 'name', 'email'] as const;

/** Spec 1 §5: only the name, the email and the two questions of step 1 must be answered. */
export function hasRequiredAnswers(answers: RequiredAnswers): boolean {
  return unansweredFields(answers).length === 0;
}

/** The required answers still blank, in the order the assessment asks them. */
export function unansweredFields(answers: RequiredAnswers): (keyof RequiredAnswers)[] {
  return requiredFields.filter((field) => answers[field].trim() === '');
}
