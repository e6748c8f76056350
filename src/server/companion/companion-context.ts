import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Catalogue } from '../catalogue/catalogue.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createChatClient, type ChatClient } from './chat-client.ts';
import { createCompanionCipher, type CompanionCipher } from './companion-cipher.ts';
import { createModerationClient, type ModerationClient } from './moderation-client.ts';
import { createMeaningReader } from './meaning-reader.ts';
import { createRiskReader, type RiskReader } from './risk-reader.ts';
import { concernReply, safetyConcerns, type SafetyConcern } from '../../shared/rules/companion.ts';
import type { MailMessage } from '../mail/send-mail.ts';
import { createSystemPromptStore, type SystemPromptStore } from './system-prompts.ts';

/** A learner's reflection, decrypted, as the learning feature hands it to the companion. */
export interface CompanionReflection {
  id: string;
  courseId: string;
  moduleId: string;
  lessonId: string;
  promptId: string;
  question: string;
  response: string;
  completed: boolean;
  updatedAt: Date;
}

/** Reads the learner's reflections in a course, newest first; supplied by app.ts. */
export type ListRecentReflections = (
  userId: string,
  options: { courseId: string; limit: number; completedOnly?: boolean },
) => Promise<CompanionReflection[]>;

export type CountCompletedReflections = (userId: string, courseId: string) => Promise<number>;

export interface CompanionContext {
  db: Database;
  catalogue: Catalogue;
  settings: Config['companion'];
  cipher: CompanionCipher;
  /** Null without OPENAI_API_KEY. */
  chat: ChatClient | null;
  /** The provider and model the AI notice names. */
  aiProvider: { name: string; model: string };
  /** Null without OPENAI_API_KEY. */
  moderation: ModerationClient | null;
  /** Null without OPENAI_API_KEY: the model's own risk reading, beside moderation. */
  riskReader: RiskReader | null;
  /** The server's reader of meaning (meaning-reader.ts), in every mode. */
  meaningReader: RiskReader;
  /** The fixed reply to each concern, with the operator's helpline for it. */
  safetyReplies: Record<SafetyConcern, string>;
  sendMail: (message: MailMessage) => Promise<void>;
  /** The admin's system prompts, or their defaults; never the crisis response. */
  prompts: SystemPromptStore;
  listRecentReflections: ListRecentReflections;
  countCompletedReflections: CountCompletedReflections;
  log: FastifyBaseLogger;
  /** Reactions still running after the request that started them answered. */
  background: Set<Promise<void>>;
  /** The admin's switch for AI guidance (platform settings); off, nothing goes to the vendor. */
  isAiGuidanceOn: () => boolean;
}

export async function createCompanionContext(input: {
  config: Config;
  db: Database;
  pool: pg.Pool;
  catalogue: Catalogue;
  log: FastifyBaseLogger;
  listRecentReflections: ListRecentReflections;
  countCompletedReflections: CountCompletedReflections;
  sendMail: (message: MailMessage) => Promise<void>;
  isAiGuidanceOn: () => boolean;
}): Promise<CompanionContext> {
  const { config } = input;
  const log = input.log.child({ feature: 'companion' });
  return {
    db: input.db,
    catalogue: input.catalogue,
    settings: config.companion,
    cipher: createCompanionCipher(config.reflectionKey, config.reflectionPreviousKeys),
    chat: createChatClient(config.openai, config.aiLimits, log),
    aiProvider: { name: config.openai.providerName, model: config.openai.model },
    moderation: createModerationClient(config.openai, (error) =>
      log.warn(
        { reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' },
        'the moderation endpoint did not answer; the built-in check stands alone',
      ),
    ),
    riskReader: createRiskReader(config.openai, (error) =>
      log.warn(
        { reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' },
        'the risk reading did not answer; the built-in check stands',
      ),
    ),
    meaningReader: createMeaningReader((error) =>
      log.warn(
        { reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' },
        'the reader of meaning did not answer; the built-in check stands',
      ),
    ),
    safetyReplies: safetyRepliesOf(config.companion),
    sendMail: input.sendMail,
    prompts: await createSystemPromptStore({
      db: input.db,
      pool: input.pool,
      folder: path.join(config.contentDir, 'companion'),
      log,
    }),
    listRecentReflections: input.listRecentReflections,
    countCompletedReflections: input.countCompletedReflections,
    log,
    background: new Set(),
    isAiGuidanceOn: input.isAiGuidanceOn,
  };
}

function safetyRepliesOf(settings: Config['companion']): Record<SafetyConcern, string> {
  const textOf = (concern: SafetyConcern) =>
    concern === 'suicide-self-harm'
      ? settings.helplineText
      : settings.concernHelplines[concern].text;
  return Object.fromEntries(
    safetyConcerns.map((concern) => [concern, concernReply(concern, textOf(concern))]),
  ) as Record<SafetyConcern, string>;
}
