import OpenAI from 'openai';
import { z } from 'zod';
import { safetyConcerns, type SafetyReading } from '../../shared/rules/companion.ts';
import type { Config } from '../config.ts';

/**
 * The second reader in AI mode: the configured model's structured reading of a text the detector
 * cleared and that goes to the vendor anyway (with consent). It only adds help, never removes it.
 */
export interface RiskReader {
  /** A reading at risk, or null when the model reads none, fails, answers garbage or is slow. */
  readRisk: (text: string) => Promise<SafetyReading | null>;
}

/** As the moderation call: help is never held up by a slow vendor. */
const RISK_READING_TIMEOUT_MS = 3_000;
const riskFormat =
  'You screen a learner\'s words on a self-reflection course for risk, nothing else. Answer with a JSON object only: {"level": "none" | "at-risk", "kind": "suicide-self-harm" | "eating-disorder" | "harm-from-others" | "child-abuse" | null}. at-risk: the writer (or someone close) may be in danger now from suicide or self-harm, from an eating disorder, from someone hurting them, or is a young person disclosing abuse. A past the writer has come through, idioms, fiction and spiritual letting go are none.';
const riskAnswerSchema = z.object({
  level: z.enum(['none', 'at-risk']),
  kind: z.enum(safetyConcerns).nullable().optional(),
});

/** Null without OPENAI_API_KEY, as the chat client. */
export function createRiskReader(
  config: Config['openai'],
  onFailure: (error: unknown) => void,
): RiskReader | null {
  if (!config.apiKey) return null;
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseUrl,
    timeout: RISK_READING_TIMEOUT_MS,
    maxRetries: 0,
  });
  return {
    async readRisk(text) {
      try {
        const completion = await client.chat.completions.create(
          {
            model: config.model,
            temperature: 0,
            max_tokens: 40,
            response_format: { type: 'json_object' },
            messages: [
              { role: 'system', content: riskFormat },
              { role: 'user', content: text },
            ],
          },
          { signal: AbortSignal.timeout(RISK_READING_TIMEOUT_MS) },
        );
        const answer = riskAnswerSchema.parse(
          JSON.parse(completion.choices[0]?.message.content ?? ''),
        );
        if (answer.level !== 'at-risk') return null;
        return { level: 'at-risk', concern: answer.kind ?? 'suicide-self-harm' };
      } catch (error) {
        onFailure(error);
        return null;
      }
    },
  };
}
