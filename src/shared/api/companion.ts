import { z } from 'zod';
import { REFLECTION_MAX_LENGTH } from '../rules/reflection.ts';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  aiSources,
  learnerEmotions,
  patternTypes,
  safetyConcerns,
  suggestionTypes,
  typingSpeeds,
  type TypingSpeed,
} from '../rules/companion.ts';

const id = z.string().min(1).max(100);

export const courseParamsSchema = z.object({ courseId: id });
/** Someone else's companion data: admins only. */
export const ownerQuerySchema = z.object({ userId: id.optional() });

/** safety: the fixed reply to words of crisis, shown whole and apart from ordinary replies. */
export const chatMessageKinds = ['message', 'safety'] as const;
export type ChatMessageKind = (typeof chatMessageKinds)[number];

export const chatMessageSchema = z.object({
  id: z.string(),
  sender: z.enum(['ai', 'user']),
  kind: z.enum(chatMessageKinds),
  content: z.string(),
  source: z.enum(aiSources).nullable(),
  /** For a safety reply: the concern it answers, whose resources go with it. */
  concern: z.enum(safetyConcerns).nullable(),
  timestamp: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSchema = z.object({ messages: z.array(chatMessageSchema) });
export type Conversation = z.infer<typeof conversationSchema>;

export const sendChatMessageSchema = z.object({
  moduleId: id,
  lessonId: id,
  message: z
    .string()
    .max(CHAT_MESSAGE_MAX_LENGTH, {
      message: `A message can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters.`,
      abort: true,
    })
    .refine((text) => text.trim() !== '', 'Please enter a message.'),
});
export type SendChatMessageInput = z.infer<typeof sendChatMessageSchema>;

/** The server-sent events of a streamed reply. */
export const chatDeltaEventSchema = z.object({ text: z.string() });
export const chatDoneEventSchema = z.object({
  userMessage: chatMessageSchema,
  reply: chatMessageSchema,
  /** The AI service was meant to answer but failed: the reply is the fallback. */
  isDegraded: z.boolean(),
});
export type ChatDoneEvent = z.infer<typeof chatDoneEventSchema>;

export const suggestionSchema = z.object({
  text: z.string().min(1).max(1000),
  type: z.enum(suggestionTypes),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const requestSuggestionSchema = z.object({
  courseId: id,
  moduleId: id,
  lessonId: id,
  promptId: id,
  response: z.string().max(REFLECTION_MAX_LENGTH),
});
export type RequestSuggestionInput = z.infer<typeof requestSuggestionSchema>;

export const suggestionResponseSchema = z.object({
  /** None when the draft was judged at risk: the help is shown instead. */
  suggestion: suggestionSchema.nullable(),
  source: z.enum(aiSources),
  isAtRisk: z.boolean(),
  /** What the help answers, when at risk. */
  concern: z.enum(safetyConcerns).nullable(),
});
export type SuggestionResponse = z.infer<typeof suggestionResponseSchema>;

/** A reflection a pattern rests on, as the learner knows it: its lesson and its question. */
export const patternEvidenceSchema = z.object({
  reflectionId: z.string(),
  lessonTitle: z.string(),
  question: z.string(),
});
export type PatternEvidence = z.infer<typeof patternEvidenceSchema>;

export const patternSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  suggestions: z.array(z.string()),
  type: z.enum(patternTypes),
  timestamp: z.string(),
  evidence: z.array(patternEvidenceSchema),
});
export type Pattern = z.infer<typeof patternSchema>;

export const emotionalStateSchema = z.object({
  primary: z.string().min(1).max(40),
  secondary: z.string().max(40).nullable(),
  intensity: z.number().int().min(1).max(10),
  sentiment: z.number().int().min(-10).max(10),
});
export type EmotionalState = z.infer<typeof emotionalStateSchema>;

export const moodPointSchema = emotionalStateSchema.extend({
  id: z.string(),
  lessonId: z.string(),
  timestamp: z.string(),
  /** The learner replaced the reading with their own. */
  isCorrected: z.boolean(),
});
export type MoodPoint = z.infer<typeof moodPointSchema>;

export const patternsViewSchema = z.object({
  patterns: z.array(patternSchema),
  moods: z.array(moodPointSchema),
});
export type PatternsView = z.infer<typeof patternsViewSchema>;

/** One concern's help: the reply and the operator's resources for it. */
export const concernHelpSchema = z.object({
  message: z.string(),
  helplineText: z.string(),
  /** An https:// address to open. */
  helplineUrl: z.string().nullable(),
  /** A number for a tel: link. */
  helplinePhone: z.string().nullable(),
});
export type ConcernHelp = z.infer<typeof concernHelpSchema>;

/**
 * The help a learner in distress is offered, always reachable: at the top, suicide and self-harm
 * (and "Get help now"); under `concerns`, each other concern's own.
 */
export const safetyHelpSchema = concernHelpSchema.extend({
  /** Set when the operator is told (without the learner's words) that someone needed help. */
  alertNotice: z.string().nullable(),
  /** Offered when a concern has no helpline number, so no card is a dead end. */
  emergencyNumber: z.string(),
  concerns: z.object({
    'eating-disorder': concernHelpSchema,
    'harm-from-others': concernHelpSchema,
    'child-abuse': concernHelpSchema,
  }),
});
export type SafetyHelp = z.infer<typeof safetyHelpSchema>;

/**
 * ai: replies from the AI service; fallback: built-in guidance (no AI service, or past the day's
 * tokens); awaiting-consent: built-in guidance until the learner accepts the AI notice, a state of
 * its own so the panel offers the notice rather than saying the service failed; off: the learner
 * switched AI off; unavailable: the AI service failed repeatedly and is skipped for now, built-in
 * guidance answers.
 */
/** `switched-off`: the site's admin turned AI guidance off for everyone (spec 2 §3 features). */
export const companionModes = [
  'ai',
  'fallback',
  'awaiting-consent',
  'off',
  'switched-off',
  'unavailable',
] as const;
export type CompanionMode = (typeof companionModes)[number];

export const safetyEventPaths = ['chat', 'suggestion', 'autosave', 'save', 'submit'] as const;
/**
 * What recognised the words: the built-in detector, the server's reader of meaning, the AI
 * vendor's moderation endpoint, or the configured model's risk reading (decision 014).
 */
export const safetySignals = ['detector', 'meaning', 'moderation', 'model'] as const;
export const safetyEventCountSchema = z.object({
  path: z.enum(safetyEventPaths),
  mode: z.enum(companionModes),
  signal: z.enum(safetySignals),
  concern: z.enum(safetyConcerns),
  count: z.number().int(),
});
export type SafetyEventCount = z.infer<typeof safetyEventCountSchema>;
export const safetyEventsQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(30),
});
export const safetyEventsSchema = z.object({
  since: z.string(),
  counts: z.array(safetyEventCountSchema),
});
export type SafetyEvents = z.infer<typeof safetyEventsSchema>;

const typingSpeedSchema = z.enum(Object.keys(typingSpeeds) as [TypingSpeed, ...TypingSpeed[]]);

const noticeName = z
  .string()
  .max(100, { message: 'expected at most 100 characters', abort: true })
  .trim()
  .min(1);

/** What the AI notice names; the learner accepts exactly this before anything of theirs is sent. */
export const aiNoticeSchema = z.object({ provider: noticeName, model: noticeName });
export type AiNotice = z.infer<typeof aiNoticeSchema>;

export const companionSettingsSchema = z.object({
  isAiEnabled: z.boolean(),
  typingSpeed: typingSpeedSchema,
  mode: z.enum(companionModes),
  /** Null when no AI service is set up: then nothing is ever sent and there is nothing to accept. */
  aiNotice: aiNoticeSchema
    .extend({
      /** When the learner accepted this provider and model; null: not yet, or withdrawn. */
      acceptedAt: z.string().nullable(),
    })
    .nullable(),
});
export type CompanionSettings = z.infer<typeof companionSettingsSchema>;

export const updateCompanionSettingsSchema = z
  .object({
    isAiEnabled: z.boolean().optional(),
    typingSpeed: typingSpeedSchema.optional(),
    /** The notice the learner accepts, as it was shown to them; null withdraws their consent. */
    acceptedAiNotice: aiNoticeSchema.nullable().optional(),
  })
  .refine(
    (input) =>
      input.isAiEnabled !== undefined ||
      input.typingSpeed !== undefined ||
      input.acceptedAiNotice !== undefined,
    { message: 'expected isAiEnabled, typingSpeed or acceptedAiNotice' },
  );
export type UpdateCompanionSettingsInput = z.infer<typeof updateCompanionSettingsSchema>;

export const recordParamsSchema = z.object({ id: z.uuid('expected a record id') });

/** The learner's own reading of a reflection, or "this reading is wrong": hide it. */
export const correctEmotionSchema = z
  .object({
    primary: z.enum(learnerEmotions).optional(),
    sentiment: z.number().int().min(-10).max(10).optional(),
    isHidden: z.boolean().optional(),
  })
  .refine(
    (input) =>
      (input.primary !== undefined && input.sentiment !== undefined) ||
      (input.isHidden !== undefined &&
        input.primary === undefined &&
        input.sentiment === undefined),
    { message: 'expected primary and sentiment, or isHidden' },
  );
export type CorrectEmotionInput = z.infer<typeof correctEmotionSchema>;

/** Spec 2 §3's aiSystemPrompts: the three prompts an admin edits in the panel. */
export const systemPromptKinds = ['assessment', 'general', 'guidance'] as const;
export type SystemPromptKind = (typeof systemPromptKinds)[number];

/** Long enough for a careful prompt; short enough that every AI request stays cheap. */
export const MAX_SYSTEM_PROMPT_CHARS = 10_000;

export const systemPromptKindParamsSchema = z.object({
  kind: z.enum(systemPromptKinds, {
    message: `kind must be one of ${systemPromptKinds.join(', ')}`,
  }),
});

const promptVersionSchema = z
  .number({ message: 'version must be a whole number' })
  .int('version must be a whole number')
  .min(0, 'version must be 0 or more');

export const saveSystemPromptBodySchema = z.object({
  version: promptVersionSchema,
  text: z
    .string({ message: 'text must be text' })
    .max(MAX_SYSTEM_PROMPT_CHARS, {
      message: `text must be at most ${MAX_SYSTEM_PROMPT_CHARS} characters`,
      abort: true,
    })
    .refine((text) => text.trim() !== '', 'text must not be empty'),
});
export type SaveSystemPromptBody = z.infer<typeof saveSystemPromptBodySchema>;

export const resetSystemPromptBodySchema = z.object({ version: promptVersionSchema });

export const adminSystemPromptSchema = z.object({
  kind: z.enum(systemPromptKinds),
  text: z.string(),
  isDefault: z.boolean(),
  defaultText: z.string(),
  version: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type AdminSystemPrompt = z.infer<typeof adminSystemPromptSchema>;

export const adminSystemPromptsSchema = z.object({
  prompts: z.array(adminSystemPromptSchema),
  changes: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(systemPromptKinds),
      action: z.enum(['saved', 'restored the default']),
      changedBy: z.string(),
      changedAt: z.string(),
    }),
  ),
});
export type AdminSystemPrompts = z.infer<typeof adminSystemPromptsSchema>;

/**
 * The learner's safety plan, in the order of the Stanley–Brown safety plan: each section a few
 * lines the learner writes for themselves, read when a crisis comes.
 */
export const safetyPlanSections = [
  { key: 'warningSigns', label: 'Warning signs that a hard moment is coming' },
  { key: 'copingSteps', label: 'Things I can do on my own to get through it' },
  { key: 'peopleAndPlaces', label: 'People and places that take my mind off things' },
  { key: 'peopleToAsk', label: 'People I can ask for help' },
  { key: 'professionals', label: 'Professionals and services I can contact' },
  { key: 'saferSurroundings', label: 'Making my surroundings safer' },
  { key: 'reasonsToLive', label: 'What matters most to me' },
] as const;
export type SafetyPlanSection = (typeof safetyPlanSections)[number]['key'];

export const MAX_SAFETY_PLAN_SECTION_CHARS = 2_000;

export const safetyPlanSchema = z.strictObject(
  Object.fromEntries(
    safetyPlanSections.map(({ key }) => [
      key,
      z.string().max(MAX_SAFETY_PLAN_SECTION_CHARS, 'Please keep each part under 2,000 characters'),
    ]),
  ) as Record<SafetyPlanSection, z.ZodString>,
);
export type SafetyPlan = z.infer<typeof safetyPlanSchema>;

export const safetyPlanResponseSchema = z.object({
  plan: safetyPlanSchema,
  /** Null until the learner first saves it. */
  updatedAt: z.string().nullable(),
});
export type SafetyPlanResponse = z.infer<typeof safetyPlanResponseSchema>;
