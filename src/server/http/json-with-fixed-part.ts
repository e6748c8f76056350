import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { answerCheck } from './answer-contract.ts';

/** An answer's JSON in two parts: one the same for every caller, the rest per request. */
export interface JsonWithFixedPart<Whole, FixedKey extends keyof Whole> {
  /** The fixed part as JSON members, checked against the contract and serialised once per `owner`. */
  fixedPartOf: (owner: object, build: () => Pick<Whole, FixedKey>) => string;
  /** The whole answer's JSON text: the fixed part's, and the rest checked and serialised now. */
  join: (fixedPart: string, rest: Omit<Whole, FixedKey>) => string;
}

/**
 * For an answer whose larger part is the same for every caller (a lesson's text and its course's
 * outline): serialising the whole answer per request cost more CPU than reading its learner's rows.
 * Both parts are held to the contract's schema as the route's serializer would (`answerCheck`).
 */
export function jsonWithFixedPart<
  Schema extends z.ZodObject,
  FixedKey extends keyof z.output<Schema> & string,
>(schema: Schema, fixedKeys: FixedKey[]): JsonWithFixedPart<z.output<Schema>, FixedKey> {
  const mask = Object.fromEntries(fixedKeys.map((key) => [key, true])) as never;
  const checkFixed = answerCheck(schema.pick(mask));
  const checkRest = answerCheck(schema.omit(mask));
  const fixedPartByOwner = new WeakMap<object, string>();
  return {
    fixedPartOf(owner, build) {
      let fixedPart = fixedPartByOwner.get(owner);
      if (fixedPart === undefined) {
        fixedPart = JSON.stringify(checked(checkFixed, build())).slice(1, -1);
        fixedPartByOwner.set(owner, fixedPart);
      }
      return fixedPart;
    },
    join(fixedPart, rest) {
      const restMembers = JSON.stringify(checked(checkRest, rest)).slice(1, -1);
      return `{${[fixedPart, restMembers].filter((part) => part !== '').join(',')}}`;
    },
  };
}

function checked(check: ReturnType<typeof answerCheck>, value: unknown): unknown {
  const result = check(value);
  if (!result.success) throw result.error;
  return result.data;
}

/**
 * Sends JSON text that `join` made. Fastify passes a string with a JSON content type on as it is;
 * the route's typed reply expects the object the text encodes.
 */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}
