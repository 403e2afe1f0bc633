import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './serializer.ts';

const Item = z.object({ id: z.string(), count: z.number().int(), note: z.string().nullable(), extra: z.string().optional() });
const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/items', httpStatus: '200' });
const compile = (check: boolean, schema: z.ZodType = z.array(Item)) => responseSerializerCompiler({ check })(route(schema));

describe('responseSerializerCompiler', () => {
  it('writes the declared fields only, optional ones when present', () => {
    const data = [{ id: 'a', count: 2, note: null, secret: 'never sent' }, { id: 'b', count: 3, note: 'hi', extra: 'x' }];
    for (const check of [false, true]) {
      expect(JSON.parse(compile(check)(data))).toEqual([{ id: 'a', count: 2, note: null }, { id: 'b', count: 3, note: 'hi', extra: 'x' }]);
    }
  });

  it('with check, refuses a response that breaks its schema', () => {
    expect(() => compile(true)([{ id: 'a', count: 'two', note: null }])).toThrow();
    expect(() => compile(true)([{ id: 'a', count: 1.5, note: null }])).toThrow();
  });

  it('falls back to zod for a schema JSON Schema cannot express', () => {
    const serialize = compile(false, z.object({ word: z.custom<string>((v) => typeof v === 'string') }));
    expect(serialize({ word: 'kolikko' })).toBe('{"word":"kolikko"}');
    expect(() => serialize({ word: 7 })).toThrow();
  });
});
