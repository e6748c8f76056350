import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { authBodySchemas } from '../auth/auth.routes.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

type Schema = z.core.$ZodType;
type Check = z.core.$ZodCheck;

/** The checks that only measure or rewrite (trim, lower case): cheap whatever the length. */
const lengthChecks = new Set(['max_length', 'min_length', 'length_equals']);
const isBound = (check: Check) => ['max_length', 'length_equals'].includes(check._zod.def.check);
const isCheap = (check: Check) =>
  lengthChecks.has(check._zod.def.check) || check._zod.def.check === 'overwrite';

/**
 * Every string a request carries must be bounded before anything looks at it: a maximum length
 * first, and, when a pattern, a refinement or a check of an enclosing object would still run
 * after a failed maximum, that maximum must abort (`{ abort: true }`). A string piped on from a
 * bounded string is bounded. Answers one line per string that breaks the rule.
 */
function unboundedStrings(
  schema: Schema,
  where: string,
  state: { isBounded: boolean; isCheckedAbove: boolean },
  ancestors = new Set<Schema>(),
): string[] {
  // A recursive (lazy) schema is walked once along each path.
  if (ancestors.has(schema)) return [];
  ancestors.add(schema);
  try {
    return unboundedStringsWithin(schema, where, state, ancestors);
  } finally {
    ancestors.delete(schema);
  }
}

function unboundedStringsWithin(
  schema: Schema,
  where: string,
  state: { isBounded: boolean; isCheckedAbove: boolean },
  ancestors: Set<Schema>,
): string[] {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const ownChecks = (def.checks ?? []) as Check[];
  // A string format (z.email(), z.uuid()) is its own first check.
  const checks = schema._zod.traits.has('$ZodCheck')
    ? [schema as unknown as Check, ...ownChecks]
    : ownChecks;
  const below = (inner: unknown, path = where, bounded = state.isBounded) =>
    unboundedStrings(
      inner as Schema,
      path,
      {
        isBounded: bounded,
        isCheckedAbove: state.isCheckedAbove || ownChecks.some((check) => !isCheap(check)),
      },
      ancestors,
    );

  switch (def.type) {
    case 'string': {
      if (state.isBounded) return [];
      const boundAt = checks.findIndex(isBound);
      const runsAfter = (from: number) =>
        state.isCheckedAbove || checks.slice(from).some((check) => !isCheap(check));
      if (boundAt === -1) {
        return runsAfter(0) ? [`${where}: a string without a maximum length reaches a check`] : [];
      }
      const before = checks.slice(0, boundAt).find((check) => !isCheap(check));
      if (before) return [`${where}: ${before._zod.def.check} runs before the maximum length`];
      const bound = checks[boundAt]!._zod.def as { abort?: boolean };
      return runsAfter(boundAt + 1) && !bound.abort
        ? [`${where}: the maximum length does not abort, and a check runs after it`]
        : [];
    }
    case 'object':
      return Object.entries(def.shape as Record<string, Schema>).flatMap(([key, inner]) =>
        below(inner, `${where}.${key}`),
      );
    case 'array':
      return below(def.element, `${where}[]`);
    case 'record':
      return [...below(def.keyType, `${where}{key}`), ...below(def.valueType, `${where}{}`)];
    case 'tuple':
      return (def.items as Schema[]).flatMap((item, index) => below(item, `${where}[${index}]`));
    case 'union':
      return (def.options as Schema[]).flatMap((option) => below(option));
    case 'intersection':
      return [...below(def.left), ...below(def.right)];
    case 'pipe': {
      const input = def.in as Schema;
      const isInputBounded =
        input._zod.def.type === 'string' && below(input).length === 0 && !state.isBounded;
      return [...below(input), ...below(def.out, where, state.isBounded || isInputBounded)];
    }
    case 'lazy':
      return below((def.getter as () => Schema)());
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'catch':
    case 'readonly':
      return below(def.innerType);
    default:
      return [];
  }
}

/** Path parameters are bounded by the router: Fastify answers 414 past `maxParamLength` (100). */
const requestParts = [
  { part: 'body', isBounded: false },
  { part: 'querystring', isBounded: false },
  { part: 'headers', isBounded: false },
  { part: 'params', isBounded: true },
] as const;

interface RequestSchema {
  where: string;
  schema: Schema;
  isBounded: boolean;
}

function requestSchemas(testApp: TestApp): RequestSchema[] {
  const fromRoutes = testApp.app.routeTable
    .filter((route) => route.method !== 'HEAD')
    .flatMap((route) => {
      const methods = [route.method].flat().join(',');
      const schemas = (route.schema ?? {}) as Partial<Record<string, Schema>>;
      return requestParts.flatMap(({ part, isBounded }) => {
        const schema = schemas[part];
        return schema ? [{ where: `${methods} ${route.url} ${part}`, schema, isBounded }] : [];
      });
    });
  const fromAuthMount = Object.entries(authBodySchemas).map(([url, schema]) => ({
    where: `POST ${url} body`,
    schema: schema as Schema,
    isBounded: false,
  }));
  return [...fromRoutes, ...fromAuthMount];
}

describe('every string a request carries', () => {
  it('has a maximum length that holds before any pattern or refinement runs', () => {
    const schemas = requestSchemas(testApp);
    expect(schemas.length).toBeGreaterThan(40);
    const problems = schemas.flatMap(({ where, schema, isBounded }) =>
      unboundedStrings(schema, where, { isBounded, isCheckedAbove: false }),
    );
    expect(problems).toEqual([]);
  });

  it('is judged by the walk: an unbounded pattern and a maximum that does not abort are found', async () => {
    const { z } = await import('zod');
    const judge = (schema: Schema) =>
      unboundedStrings(schema, 'field', { isBounded: false, isCheckedAbove: false });
    expect(judge(z.object({ a: z.string().regex(/x/) }))).toEqual([
      'field.a: a string without a maximum length reaches a check',
    ]);
    expect(judge(z.string().max(5).refine(Boolean))).toHaveLength(1);
    expect(judge(z.email().max(254))).toEqual([
      'field: string_format runs before the maximum length',
    ]);
    expect(judge(z.string().trim().max(5, { abort: true }).refine(Boolean))).toEqual([]);
    expect(judge(z.string().max(254).pipe(z.email()))).toEqual([]);
    expect(judge(z.object({ a: z.string().max(5) }).refine(Boolean))).toHaveLength(1);
  });
});
