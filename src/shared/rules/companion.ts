/** AI companion rules (spec 2 §2, §4, §5, §8, §9): pure, shared by the panel and the server. */
import type { CrisisAssessment, CrisisLevel } from './crisis-detection.ts';

export const typingSpeeds = { fast: 10, medium: 30, slow: 50 } as const;
export type TypingSpeed = keyof typeof typingSpeeds;
export const DEFAULT_TYPING_SPEED: TypingSpeed = 'medium';
export const typingSpeedLabels: Record<TypingSpeed, string> = {
  fast: 'Fast',
  medium: 'Medium',
  slow: 'Slow',
};

export const SUGGESTION_MINIMUM_LENGTH = 50;
export const AUTO_SUGGESTION_DELAY_MS = 5000;
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** Up to 5 recent course reflections ground a general reply. */
export const REPLY_REFLECTION_LIMIT = 5;
export const PATTERN_WINDOW_MINIMUM = 3;
export const PATTERN_WINDOW_MAXIMUM = 20;
/** Pattern analysis runs after every third completed reflection. */
export const PATTERN_ANALYSIS_EVERY = 3;
export const COURSE_CONTENT_LIMIT = 1500;
export const REFLECTION_EXCERPT_LIMIT = 300;
/** An emotional intensity over 7 brings a supportive message. */
export const SUPPORTIVE_INTENSITY_ABOVE = 7;

export const aiSettings = {
  reply: { temperature: 0.7, maxTokens: 1000 },
  emotion: { temperature: 0.3, maxTokens: 200 },
  suggestion: { temperature: 0.7, maxTokens: 150 },
  patterns: { temperature: 0.5, maxTokens: 800 },
} as const;

export const suggestionTypes = ['deepening', 'clarity', 'insight', 'connection'] as const;
export type SuggestionType = (typeof suggestionTypes)[number];
export const patternTypes = ['strength', 'challenge', 'growth', 'insight'] as const;
export type PatternType = (typeof patternTypes)[number];
export const aiSources = ['openai', 'fallback'] as const;
export type AiSource = (typeof aiSources)[number];

export const companionMessages = {
  welcome: [
    "Welcome! I'm your AI learning companion. I'm here to support you as you move through this course.",
    'Ask me anything about the lesson, or share what is coming up for you as you reflect.',
  ],
  inputPlaceholder: 'Ask your AI companion...',
  noPatterns: 'No Patterns Yet',
  generatingSuggestion: 'Generating suggestion...',
  fallbackToast: 'AI companion unavailable – using fallback guidance.',
  unavailableToast: 'AI companion is unavailable at the moment.',
  unavailableReply:
    "I'm currently unavailable to generate an intelligent response. Please try again later, and in the meantime continue reflecting on your journey.",
  emptyCompletion: "I apologize, but I couldn't generate a response at this time.",
  lessonCongratulation: (lessonTitle: string) =>
    `Congratulations on completing "${lessonTitle}"! Take a moment to notice what has shifted for you, and carry it gently into the next lesson.`,
  supportive: {
    heavy:
      'I noticed your last reflection carries a lot of feeling. Be gentle with yourself: pause, breathe, and take this at your own pace. What would feel supportive right now?',
    bright:
      'I can feel the energy in your last reflection. Notice what made this possible, so you can return to it when you need it.',
  },
  defaultSuggestion: {
    text: 'What feeling sits underneath what you have written so far, and where do you notice it in your body?',
    type: 'deepening' as SuggestionType,
  },
} as const;

export function patternsIdentifiedMessage(count: number): string {
  return `${count} pattern(s) identified in your journey!`;
}

/**
 * The reply when the AI service was asked and could not answer: the spec's AI-unavailable words,
 * then the built-in guidance for the message, so the learner still gets something to work with.
 */
export function aiUnavailableReply(message: string): string {
  return `${companionMessages.unavailableReply}\n\n${fallbackReply(message)}`;
}

/** The fallback reply, chosen by keyword (spec 2 §8). */
export function fallbackReply(message: string): string {
  const text = message.toLowerCase();
  if (/\b(help|confused)\b/.test(text)) {
    return 'I hear that you would like some help. Try going back to the part of the lesson that felt unclear, and write down in one sentence what you do understand so far. Often clarity comes from naming where the confusion begins.';
  }
  if (/\b(stuck|difficult)\b/.test(text)) {
    return 'Feeling stuck or finding this difficult is part of the journey. Take one small step: reread a single reflection prompt and answer it in just a few honest words. Progress does not need to be dramatic to be real.';
  }
  if (/\b(thanks|thank you)\b/.test(text)) {
    return "You're welcome. I'm glad to be part of your journey. Keep listening to what your reflections are telling you.";
  }
  if (/\b(reflection|reflections|journal|journaling)\b/.test(text)) {
    return 'Reflection works best when it is honest rather than perfect. Write what is true for you right now, notice any resistance, and ask yourself what this lesson is inviting you to see.';
  }
  return 'Thank you for sharing that with me. Keep exploring the lesson and your reflections: every honest word you write is part of your transformation.';
}

/** Fallback suggestions, one per type, chosen from what the learner has written. */
export const fallbackSuggestions: Record<SuggestionType, string> = {
  deepening: companionMessages.defaultSuggestion.text,
  clarity:
    'Could you name the one sentence above that matters most to you, and say it even more simply?',
  insight:
    'What does this reveal about what you value, and what might you choose differently because of it?',
  connection:
    'How does this connect with an earlier lesson, or with a moment from your own life outside this course?',
};

/** The calm reply to words of crisis: no therapy, a pointer to people who can help now. */
export function crisisReply(helpline: string): string {
  return `I'm really sorry you're carrying this, and I'm glad you said it. I'm an AI learning companion, not a counsellor or a crisis service, so please reach out to a person who can help right now. ${helpline} If you are in immediate danger, call your local emergency number.`;
}

/**
 * What the help answers: suicide and self-harm (also someone close at risk), eating-disorder
 * risk, harm from others, and a young person disclosing abuse, who is met with words for a
 * young person. Each has its own reply and resources (decision 014).
 */
export const safetyConcerns = [
  'suicide-self-harm',
  'eating-disorder',
  'harm-from-others',
  'child-abuse',
] as const;
export type SafetyConcern = (typeof safetyConcerns)[number];
export const safetyConcernLabels: Record<SafetyConcern, string> = {
  'suicide-self-harm': 'Suicide and self-harm',
  'eating-disorder': 'Eating-disorder risk',
  'harm-from-others': 'Harm from others',
  'child-abuse': 'A young person disclosing abuse',
};

/**
 * The one concern a text's kinds call for: a child's disclosure first (the words must fit a young
 * person), then a risk to life, then harm from others, then eating-disorder risk. A text at risk
 * whose kinds name none of them (the word model's reading) is met as suicide and self-harm.
 */
export function concernOf(kinds: readonly string[]): SafetyConcern {
  if (kinds.includes('child-abuse')) return 'child-abuse';
  const isOther = (kind: string) =>
    kind === 'eating-disorder' || kind === 'harm-from-others' || kind === 'child-abuse';
  if (kinds.length === 0 || kinds.some((kind) => !isOther(kind))) return 'suicide-self-harm';
  return kinds.includes('harm-from-others') ? 'harm-from-others' : 'eating-disorder';
}

/** What the safety check made of a text: its level and, when at risk, the concern to answer. */
export interface SafetyReading {
  level: CrisisLevel;
  concern: SafetyConcern | null;
}

export function readSafety(assessment: CrisisAssessment): SafetyReading {
  const { level, kinds } = assessment;
  return { level, concern: level === 'at-risk' ? concernOf(kinds) : null };
}

/** Each concern's reply, around the operator's words for its helpline. */
export function concernReply(concern: SafetyConcern, helpline: string): string {
  switch (concern) {
    case 'suicide-self-harm':
      return crisisReply(helpline);
    case 'eating-disorder':
      return `Thank you for telling me. What you describe with food and your body sounds really hard, and you deserve care for it, not judgement. I'm an AI learning companion, not a counsellor, so please talk to someone who can help: your doctor, or an eating-disorder helpline. ${helpline} If you feel faint, have chest pain or feel very unwell, call your local emergency number.`;
    case 'harm-from-others':
      return `I'm really sorry someone is hurting you. It is not your fault, and you deserve to be safe. I'm an AI learning companion and cannot step in, but there are people who can help you stay safe and think through what to do next. ${helpline} If you are in danger right now, call your local emergency number.`;
    case 'child-abuse':
      return `Thank you for telling me. That was brave. What is happening to you is not your fault, and you have done nothing wrong. You deserve to be safe. Telling a trusted adult helps: a teacher, a school nurse or counsellor, a relative, or a friend's parent. If the first person does not help, keep telling until someone does. ${helpline} If you are in danger right now, call the emergency number.`;
  }
}

/** Told to the learner when the operator has asked to hear of safety responses. */
export const safetyAlertNotice =
  'The team behind this course is told, without anything you wrote, that someone needed help here, so a person can check in with you.';

/** To a dark time the learner has come through: warmth, no alarm, and the door left open. */
export function pastDarknessReply(helpline: string): string {
  return `Thank you for trusting me with that part of your story. It takes courage to look back at a time that dark, and it sounds like you have come a long way since. If any of it ever stirs again, you do not have to hold it alone: ${helpline}`;
}

export function canRequestSuggestion(text: string): boolean {
  return text.trim().length >= SUGGESTION_MINIMUM_LENGTH;
}

export function shouldAutoSuggest(input: {
  text: string;
  isAiEnabled: boolean;
  hasSuggestion: boolean;
}): boolean {
  return (
    input.isAiEnabled &&
    !input.hasSuggestion &&
    input.text.trim().length > SUGGESTION_MINIMUM_LENGTH
  );
}

/** After every third completed reflection (3 or more), counting from the last analysis. */
export function isPatternAnalysisDue(completedCount: number, analysedAtCount: number): boolean {
  return (
    completedCount >= PATTERN_WINDOW_MINIMUM &&
    completedCount - analysedAtCount >= PATTERN_ANALYSIS_EVERY
  );
}

export function truncate(text: string, limit: number): string {
  const characters = Array.from(text);
  return characters.length <= limit ? text : `${characters.slice(0, limit).join('')}…`;
}

export function clampInteger(value: number, minimum: number, maximum: number): number {
  return Math.min(maximum, Math.max(minimum, Math.round(value)));
}

/** The feelings a learner can name when they correct a reading of their reflection. */
export const learnerEmotions = [
  'joyful',
  'hopeful',
  'calm',
  'reflective',
  'uneasy',
  'sad',
  'anxious',
  'angry',
  'distressed',
  'hopeless',
] as const;
export type LearnerEmotion = (typeof learnerEmotions)[number];
