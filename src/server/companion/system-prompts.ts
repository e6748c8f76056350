import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { systemPromptKinds, type SystemPromptKind } from '../../shared/api/companion.ts';
import { SETTINGS_CACHE_SECONDS } from '../../shared/rules/settings.ts';
import type { Executor } from '../db/client.ts';
import { createLiveDocument, type LiveDocument } from '../db/live-document.ts';
import { companionSystemPrompts } from '../db/schema/companion.ts';

export type SystemPrompts = Record<SystemPromptKind, string>;

/** The channel a save notifies, so that every app process uses the new prompt at once. */
export const PROMPTS_CHANNEL = 'companion_prompts_changed';

/** The prompts as this process last read them: every AI request reads one, so kept in memory. */
export interface SystemPromptStore extends LiveDocument<SystemPrompts> {
  /** The files in content/companion/, read at start: what "Restore default" goes back to. */
  defaults: SystemPrompts;
}

export async function createSystemPromptStore(input: {
  db: Executor;
  pool: pg.Pool;
  folder: string;
  log: { warn: (object: object, message: string) => void };
}): Promise<SystemPromptStore> {
  const defaults = await loadDefaultPrompts(input.folder);
  const prompts = await createLiveDocument({
    pool: input.pool,
    channel: PROMPTS_CHANNEL,
    read: async () => promptsOf(await readPromptRecords(input.db), defaults),
    name: 'the prompts',
    log: input.log,
    // Should a notice go astray, no process uses an old prompt for longer than spec 2 §9's cache.
    pollSeconds: SETTINGS_CACHE_SECONDS,
  });
  return { ...prompts, defaults };
}

export interface PromptRecord {
  /** Null: the default. */
  text: string | null;
  version: number;
  updatedBy: string | null;
  updatedAt: Date | null;
}

const unsaved: PromptRecord = { text: null, version: 0, updatedBy: null, updatedAt: null };

/** Every prompt as saved; a kind nobody saved is the default at version 0. */
export async function readPromptRecords(
  db: Executor,
): Promise<Record<SystemPromptKind, PromptRecord>> {
  const rows = await db.select().from(companionSystemPrompts);
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  return Object.fromEntries(
    systemPromptKinds.map((kind) => [kind, byKind.get(kind) ?? unsaved]),
  ) as Record<SystemPromptKind, PromptRecord>;
}

function promptsOf(
  records: Record<SystemPromptKind, PromptRecord>,
  defaults: SystemPrompts,
): SystemPrompts {
  const textOf = (kind: SystemPromptKind) => records[kind].text ?? defaults[kind];
  return {
    assessment: textOf('assessment'),
    general: textOf('general'),
    guidance: textOf('guidance'),
  };
}

/** The defaults: the operator's files, content/companion/<kind>.md. */
async function loadDefaultPrompts(folder: string): Promise<SystemPrompts> {
  const read = async (name: SystemPromptKind) => {
    const file = path.join(folder, `${name}.md`);
    const text = (await readFile(file, 'utf8').catch(() => '')).trim();
    if (!text) throw new Error(`The companion's system prompt is missing or empty: ${file}`);
    return text;
  };
  return {
    assessment: await read('assessment'),
    general: await read('general'),
    guidance: await read('guidance'),
  };
}
