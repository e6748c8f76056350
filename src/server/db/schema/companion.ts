import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { companionModes, safetySignals, systemPromptKinds } from '../../../shared/api/companion.ts';
import { safetyConcerns } from '../../../shared/rules/companion.ts';
import { users } from './auth.ts';

/**
 * The companion's records of a learner (spec 2 §3). Every learner-written or learner-revealing
 * field is an AES-256-GCM envelope (companion-cipher.ts), never plaintext.
 */
export const companionMessages = pgTable(
  'companion_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id').notNull(),
    sender: text('sender', { enum: ['ai', 'user'] }).notNull(),
    /** safety: the fixed reply to words of crisis. */
    kind: text('kind', { enum: ['message', 'safety'] })
      .notNull()
      .default('message'),
    /** Encrypted message text. */
    content: text('content').notNull(),
    source: text('source', { enum: ['openai', 'fallback'] }),
    /** A learner's message judged at risk: never sent to the AI vendor, not even as history. */
    isAtRisk: boolean('is_at_risk').notNull().default(false),
    /** For a safety reply: the concern it answers, whose resources the web shows with it. */
    concern: text('concern', { enum: safetyConcerns }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('companion_messages_user_course_idx').on(table.userId, table.courseId)],
);

/**
 * Each time a learner was met with the safety response: where and how it was recognised, never
 * what they wrote (docs/decisions/014-companion-safety.md).
 */
export const companionSafetyEvents = pgTable(
  'companion_safety_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    path: text('path', {
      enum: ['chat', 'suggestion', 'autosave', 'save', 'submit'],
    }).notNull(),
    mode: text('mode', { enum: companionModes }).notNull(),
    signal: text('signal', { enum: safetySignals }).notNull(),
    /** What the help answered (decision 014); events from before the concerns were suicide's. */
    concern: text('concern', { enum: safetyConcerns }).notNull().default('suicide-self-harm'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('companion_safety_events_user_idx').on(table.userId, table.createdAt),
    index('companion_safety_events_created_idx').on(table.createdAt),
  ],
);

/** The emotional state read from one saved reflection. */
export const companionEmotions = pgTable(
  'companion_emotions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id').notNull(),
    lessonId: text('lesson_id').notNull(),
    promptId: text('prompt_id').notNull(),
    /** Encrypted JSON: primary, secondary, intensity, sentiment. */
    state: text('state').notNull(),
    source: text('source', { enum: ['openai', 'fallback'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the learner replaced the reading with their own; the state then holds theirs. */
    correctedAt: timestamp('corrected_at', { withTimezone: true }),
    /** When the learner said the reading is wrong: it leaves the chart and the trend. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (table) => [index('companion_emotions_user_course_idx').on(table.userId, table.courseId)],
);

/** A pattern seen across a learner's reflections in a course. */
export const companionPatterns = pgTable(
  'companion_patterns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id').notNull(),
    /** Encrypted JSON: title, description, suggestions, type, reflectionIds. */
    pattern: text('pattern').notNull(),
    source: text('source', { enum: ['openai', 'fallback'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the learner dismissed it: kept, so a later analysis does not bring its title back. */
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (table) => [index('companion_patterns_user_course_idx').on(table.userId, table.courseId)],
);

/**
 * The learner's own safety plan (warning signs, what helps, whom to call), written for the moment
 * help is needed. Encrypted like reflections; never sent to the AI vendor, never read by an admin.
 */
export const safetyPlans = pgTable('safety_plans', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Encrypted JSON of the plan's sections. */
  plan: text('plan').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The learner's panel settings. */
export const companionSettings = pgTable('companion_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  isAiEnabled: boolean('is_ai_enabled').notNull().default(true),
  typingSpeed: text('typing_speed', { enum: ['fast', 'medium', 'slow'] })
    .notNull()
    .default('medium'),
  /**
   * When the learner accepted the AI notice, and the provider and model it named: nothing they
   * write goes to the vendor without it, and a different provider or model asks them again.
   */
  aiNoticeAcceptedAt: timestamp('ai_notice_accepted_at', { withTimezone: true }),
  aiNoticeProvider: text('ai_notice_provider'),
  aiNoticeModel: text('ai_notice_model'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** How many completed reflections of a course the last pattern analysis saw. */
export const companionAnalyses = pgTable(
  'companion_analyses',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: text('course_id').notNull(),
    analysedAtCount: integer('analysed_at_count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.courseId] })],
);

/** Tokens a learner used at the AI vendor per day, against the operator's daily cap. */
export const companionTokenUsage = pgTable(
  'companion_token_usage',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    tokens: integer('tokens').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/**
 * The admin's edits of the companion's system prompts (spec 2 §3 aiSystemPrompts). No row, or a
 * null text, means the default in content/companion/<kind>.md; the version is checked on save.
 */
export const companionSystemPrompts = pgTable('companion_system_prompts', {
  kind: text('kind', { enum: systemPromptKinds }).primaryKey(),
  text: text('text'),
  version: integer('version').notNull().default(0),
  /** The admin who saved last, as their email then; kept as text so it outlives their account. */
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});

/** Who saved or restored which system prompt, and when: readable in the admin panel. */
export const companionPromptChanges = pgTable(
  'companion_prompt_changes',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: systemPromptKinds }).notNull(),
    action: text('action', { enum: ['saved', 'restored the default'] }).notNull(),
    /** The prompt's text after the change, so the record shows what was said. */
    text: text('text').notNull(),
    /** The admin; kept as text so the record outlives their account. */
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('companion_prompt_changes_created_at_idx').on(table.createdAt)],
);
