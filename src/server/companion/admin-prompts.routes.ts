import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminSystemPromptsSchema,
  resetSystemPromptBodySchema,
  saveSystemPromptBodySchema,
  systemPromptKindParamsSchema,
  systemPromptKinds,
  type AdminSystemPrompts,
} from '../../shared/api/companion.ts';
import { bodyLimits } from '../http/body-limits.ts';
import { requireAdmin } from '../http/guards.ts';
import { readPromptRecords, type SystemPromptStore } from './system-prompts.ts';
import { listPromptChanges, updateSystemPrompt } from './update-system-prompt.ts';

/**
 * The admin's editor of the companion's system prompts (spec 2 §3 aiSystemPrompts), each with
 * its default one click away. The crisis response is no prompt: nothing here reaches it.
 */
export async function adminPromptsRoutes(
  app: FastifyInstance,
  { prompts }: { prompts: SystemPromptStore },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const response = { 200: adminSystemPromptsSchema };

  routes.get(
    '/api/admin/companion/prompts',
    { preValidation: requireAdmin, schema: { response } },
    () => readAdminPrompts(app, prompts),
  );

  routes.put(
    '/api/admin/companion/prompts/:kind',
    {
      preValidation: requireAdmin,
      bodyLimit: bodyLimits.longText,
      schema: { params: systemPromptKindParamsSchema, body: saveSystemPromptBodySchema, response },
    },
    async (request) => {
      const { version, text } = request.body;
      const edit = { kind: request.params.kind, version, text: text.trim() };
      await updateSystemPrompt(app.db, prompts, request.user, edit);
      return readAdminPrompts(app, prompts);
    },
  );

  routes.post(
    '/api/admin/companion/prompts/:kind/reset',
    {
      preValidation: requireAdmin,
      schema: { params: systemPromptKindParamsSchema, body: resetSystemPromptBodySchema, response },
    },
    async (request) => {
      const edit = { kind: request.params.kind, version: request.body.version, text: null };
      await updateSystemPrompt(app.db, prompts, request.user, edit);
      return readAdminPrompts(app, prompts);
    },
  );
}

async function readAdminPrompts(
  app: FastifyInstance,
  store: SystemPromptStore,
): Promise<AdminSystemPrompts> {
  const [records, changes] = await Promise.all([
    readPromptRecords(app.db),
    listPromptChanges(app.db),
  ]);
  return {
    prompts: systemPromptKinds.map((kind) => {
      const record = records[kind];
      return {
        kind,
        text: record.text ?? store.defaults[kind],
        isDefault: record.text === null,
        defaultText: store.defaults[kind],
        version: record.version,
        updatedBy: record.updatedBy,
        updatedAt: record.updatedAt?.toISOString() ?? null,
      };
    }),
    changes,
  };
}
