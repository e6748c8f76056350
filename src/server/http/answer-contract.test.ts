import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { answerCheck, oneWayParts } from './answer-contract.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

describe('an answer held to its contract', () => {
  it('loses what the contract does not name, and is refused when it breaks the contract', () => {
    const check = answerCheck(z.object({ id: z.string(), tags: z.array(z.string()) }));
    expect(check({ id: 'a', tags: ['x'], passwordHash: 'secret' })).toEqual({
      success: true,
      data: { id: 'a', tags: ['x'] },
    });
    expect(check({ id: 1, tags: [] }).success).toBe(false);
  });

  it('is encoded, as zod encodes answers, when its contract reads one way: a default is not filled in', () => {
    const check = answerCheck(z.object({ at: z.string().default('now') }));
    expect(check({}).success).toBe(false);
    expect(check({ at: 'then' })).toEqual({ success: true, data: { at: 'then' } });
  });
});

describe('the parts of a contract that read one way', () => {
  it('are found however deep: a codec, a transform, a default, a catch', () => {
    const isoDate = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString(),
    });
    const schema = z.object({
      items: z.array(z.union([z.object({ at: isoDate }), z.string().transform((s) => s.length)])),
      page: z.number().default(1).optional(),
      note: z.string().catch(''),
    });
    expect(oneWayParts(schema)).toEqual([
      'answer.items.element[0].at: pipe',
      'answer.items.element[1].out: transform',
      'answer.page.innerType: default',
      'answer.note: catch',
    ]);
  });

  it('are looked for once in a recursive contract', () => {
    interface Node {
      name: string;
      children: Node[];
    }
    const node: z.ZodType<Node> = z.lazy(() =>
      z.object({ name: z.string(), children: z.array(node) }),
    );
    expect(oneWayParts(node)).toEqual([]);
  });

  it("are in no answer of this app but the course editor's drafts (their defaults)", () => {
    const answers = testApp.app.routeTable.flatMap((route) =>
      Object.entries((route.schema?.response ?? {}) as Record<string, z.core.$ZodType>).map(
        ([status, schema]) => ({ where: `${String(route.method)} ${route.url} ${status}`, schema }),
      ),
    );
    expect(answers.length).toBeGreaterThan(40);
    const oneWay = answers.flatMap(({ where, schema }) => oneWayParts(schema, where));
    expect(
      oneWay.filter((part) => !/^\w+ \/api\/admin\/content\/courses[^ ]* \d+\.draft\./.test(part)),
    ).toEqual([]);
  });
});
