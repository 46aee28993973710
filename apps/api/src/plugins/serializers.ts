import fastJson from 'fast-json-stringify';
import type { FastifySchemaCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
type Serializer = (data: unknown) => string;

const validatingSerializer = createSerializerCompiler({});

/**
 * Response serialisers compiled once per route from the route's zod schema (issue 12: validating every
 * answer with zod and then running JSON.stringify cost more than the SQL on the hot lists). The zod schema
 * becomes a JSON Schema that fast-json-stringify turns into a dedicated function, which writes only the
 * declared fields, as zod's parse did. A schema JSON Schema cannot express (a transform, a date) keeps the
 * validating serialiser.
 *
 * With `validate` (the API test suite sets VALIDATE_RESPONSES=1), every answer is also checked against its
 * zod schema first, so a service that drifts from its contract fails the tests with a 500 instead of being
 * written silently coerced.
 */
export function compiledSerializers({ validate }: { validate: boolean }) {
  return (route: Parameters<FastifySchemaCompiler<unknown>>[0]): Serializer => {
    const schema = route.schema as unknown;
    const check = validate ? validatingSerializer(route as never) : undefined;
    // Compiled on the route's first answer: compiling all of them at start-up cost half a second.
    let serialize: Serializer | undefined;
    return (data) => {
      check?.(data);
      serialize ??=
        (schema instanceof z.ZodType ? compile(schema) : undefined) ??
        (validatingSerializer(route as never) as Serializer);
      return serialize(data);
    };
  };
}

/**
 * For a route whose service builds its 200 answer from exactly the schema's fields, in the schema's order, and
 * nothing else: that answer is written by V8's own JSON.stringify. fast-json-stringify builds a wide answer from
 * thousands of pieces, which V8 must then flatten to measure and send it; a seller's Clientes page cost the server
 * a tenth less CPU this way (issue 12, decision 047). With `validate` (the API tests), each answer is also written
 * by the compiled serialiser, and other bytes are a 500: so every test of the route holds the two alike, besides
 * each route's property test. Every other status keeps the compiled serialiser, which writes only an error's
 * declared fields.
 */
export function plainJsonSerializers({ validate }: { validate: boolean }) {
  const compiled = compiledSerializers({ validate });
  return (route: Parameters<FastifySchemaCompiler<unknown>>[0]): Serializer => {
    const serialize = compiled(route);
    if (route.httpStatus !== '200') return serialize;
    if (!validate) return (data) => JSON.stringify(data);
    return (data) => {
      const text = JSON.stringify(data);
      if (text !== serialize(data))
        throw new Error(
          `${route.method} ${route.url}: JSON.stringify wrote other bytes than the route's schema`,
        );
      return text;
    };
  };
}

function compile(schema: z.ZodType): Serializer | undefined {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, {
      target: 'draft-7',
      io: 'output',
      unrepresentable: 'throw',
    }) as JsonSchema;
  } catch {
    return undefined;
  }
  return fastJson(withoutNullUnions(json) as never, { rounding: 'round' }) as Serializer;
}

/**
 * zod writes `x | null` as `anyOf: [x, {type: 'null'}]`, which fast-json-stringify can only serialise by
 * validating each value against every branch at run time; `nullable` says the same and compiles to a test.
 */
export function withoutNullUnions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutNullUnions);
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node as JsonSchema).filter(([key]) => key !== '$schema');
  const schema = Object.fromEntries(entries.map(([key, value]) => [key, withoutNullUnions(value)]));
  const branches = schema.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullIndex = branches.findIndex((branch: JsonSchema) => branch.type === 'null');
    const other = branches[1 - nullIndex] as JsonSchema | undefined;
    if (nullIndex >= 0 && other && typeof other.type === 'string' && !other.anyOf) {
      const { anyOf: _anyOf, ...rest } = schema;
      return { ...rest, ...other, nullable: true };
    }
  }
  return schema;
}
