import type { FieldContext } from '../db/field-cipher.ts';
import { companionContext, type CompanionRecordKey } from '../companion/companion-cipher.ts';
import { reflectionContext } from '../learning/reflections.ts';

type Row = Record<string, string>;

/** A column of AES-GCM envelopes, and what each value is bound to (its context). */
export interface EncryptedColumn {
  table: string;
  column: string;
  /** The columns its context is built from, besides `id`. */
  keyColumns: readonly string[];
  contextOf: (row: Row) => FieldContext;
}

const companionColumn = (
  table: string,
  column: string,
  kind: Exclude<CompanionRecordKey['kind'], 'safety-plan'>,
): EncryptedColumn => ({
  table,
  column,
  keyColumns: ['user_id', 'course_id'],
  contextOf: (row) => companionContext({ userId: row.user_id!, courseId: row.course_id!, kind }),
});

/** Every column written with the reflection key (the companion shares it). */
export const encryptedColumns: readonly EncryptedColumn[] = [
  {
    table: 'lesson_reflections',
    column: 'response',
    keyColumns: ['user_id', 'course_id', 'module_id', 'lesson_id', 'prompt_id'],
    contextOf: (row) =>
      reflectionContext({
        userId: row.user_id!,
        courseId: row.course_id!,
        moduleId: row.module_id!,
        lessonId: row.lesson_id!,
        promptId: row.prompt_id!,
      }),
  },
  companionColumn('companion_messages', 'content', 'message'),
  companionColumn('companion_emotions', 'state', 'emotion'),
  companionColumn('companion_patterns', 'pattern', 'pattern'),
  {
    table: 'safety_plans',
    column: 'plan',
    keyColumns: ['user_id'],
    contextOf: (row) => companionContext({ userId: row.user_id!, kind: 'safety-plan' }),
  },
];

/** `select id, <key columns>, <column> as value from <table>`: the rows as the cipher needs them. */
export function selectEncrypted({ table, column, keyColumns }: EncryptedColumn): string {
  return `select id::text as id, ${keyColumns.join(', ')}, ${column} as value from ${table}`;
}
