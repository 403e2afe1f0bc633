import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import type { ZodType } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<FastifySerializerCompiler<ZodType>>[0];

/**
 * Writes responses with fast-json-stringify, compiled once per route and status from the route's
 * zod schema: only the declared fields go out, at a third of the cost of checking the response
 * with zod and then JSON.stringify (bench/README.md). A schema JSON Schema cannot express falls
 * back to the zod serializer.
 *
 * With `check` (every environment but production), each response is also encoded with zod, and
 * the two outputs must say the same (fast-json-stringify puts optional fields last): a presenter
 * that breaks its contract, or a schema the two read differently, fails the request, so the API
 * tests catch it.
 */
export function responseSerializerCompiler({ check }: { check: boolean }) {
  return (route: RouteSchema): ((data: unknown) => string) => {
    const viaZod = zodSerializerCompiler(route) as (data: unknown) => string;
    // Compiled on a route's first answer with this status, not at start-up: most error statuses
    // of most routes are never written.
    let fast: ((data: unknown) => string) | undefined;
    const compiled = () => {
      if (fast) return fast;
      try {
        const jsonSchema = z.toJSONSchema(route.schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
        fast = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
      } catch {
        fast = viaZod;
      }
      return fast;
    };
    if (!check) return (data) => compiled()(data);
    return (data) => {
      const expected = viaZod(data);
      const written = compiled()(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(`${route.method} ${route.url} ${route.httpStatus}: fast-json-stringify wrote ${written.slice(0, 300)}, zod ${expected.slice(0, 300)}`);
      }
      return written;
    };
  };
}
