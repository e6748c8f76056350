import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import * as z from 'zod';

type Schema = z.core.$ZodType;
type CheckResult = { success: true; data: unknown } | { success: false; error: z.ZodError };

/**
 * How an answer is held to its contract before it is sent: zod strips what the contract does not
 * name and refuses what breaks it. fastify-type-provider-zod encodes (`safeEncode`), which walks
 * the schema twice and cost ten times a `safeParse` on a small answer (measured: 1.5 µs against
 * 0.09 for `{ purchases: [] }`). A contract that reads the same both ways (nothing one-way in it,
 * `oneWayParts`) gives the very same data when parsed, so it is parsed; any other is encoded.
 */
export function answerCheck(schema: Schema): (value: unknown) => CheckResult {
  if (oneWayParts(schema).length > 0) return (value) => z.safeEncode(schema, value);
  return (value) => z.safeParse(schema, value);
}

/** Fastify's serializer for every route's answers, by `answerCheck`. */
export const answerSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  if (!(route.schema instanceof z.core.$ZodType)) return serializerCompiler(route as never);
  const check = answerCheck(route.schema);
  return (data) => {
    const result = check(data);
    if (!result.success) {
      throw new ResponseSerializationError(route.method, route.url, { cause: result.error });
    }
    return JSON.stringify(result.data);
  };
};

/** Kinds that read one way when parsed and another when encoded. */
const oneWayKinds = new Set(['transform', 'default', 'prefault', 'catch', 'success', 'promise']);

/**
 * Where in `schema` parsing and encoding part ways: a transform or a codec, a default, a catch.
 * A recursive (lazy) schema is walked once.
 */
export function oneWayParts(schema: Schema, where = 'answer', seen = new Set<Schema>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  if (oneWayKinds.has(def.type) || (def.type === 'pipe' && 'reverseTransform' in def)) {
    return [`${where}: ${def.type}`];
  }
  return innerSchemas(def).flatMap(([path, inner]) => oneWayParts(inner, `${where}${path}`, seen));
}

function innerSchemas(def: Record<string, unknown>): [string, Schema][] {
  const single = [
    'innerType',
    'element',
    'in',
    'out',
    'left',
    'right',
    'keyType',
    'valueType',
    'rest',
  ]
    .filter((key) => def[key] instanceof z.core.$ZodType)
    .map((key): [string, Schema] => [`.${key}`, def[key] as Schema]);
  const shape = Object.entries((def.shape ?? {}) as Record<string, Schema>).map(
    ([key, inner]): [string, Schema] => [`.${key}`, inner],
  );
  const listed = [...((def.options ?? []) as Schema[]), ...((def.items ?? []) as Schema[])].map(
    (inner, index): [string, Schema] => [`[${index}]`, inner],
  );
  const lazy: [string, Schema][] =
    def.type === 'lazy' ? [['()', (def.getter as () => Schema)()]] : [];
  return [...single, ...shape, ...listed, ...lazy];
}
