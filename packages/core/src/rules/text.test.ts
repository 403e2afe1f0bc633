import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findUnstorableText, isStorableText } from './text.ts';

/** Whether the text is well-formed UTF-16: encodeURIComponent throws on a lone surrogate. */
function isWellFormed(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** An oracle written differently: no Cc but tab, LF, CR, and well-formed. */
function oracle(text: string): boolean {
  const controls = [...text].filter((c) => /\p{Cc}/u.test(c) && !'\t\n\r'.includes(c));
  return controls.length === 0 && isWellFormed(text);
}

/** Any UTF-16 code unit, lone surrogates included, or a character outside the BMP (a pair). */
const anyUnit = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)),
  fc.integer({ min: 0, max: 0x9f }).map((n) => String.fromCharCode(n)),
  fc.constantFrom('😀', '👩‍🏫', 'ä', '\t', '\n', '\r', '\u2028', '\ufeff'),
);
const anyText = fc.string({ unit: anyUnit, maxLength: 40 });

function valueAt(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)[key], value);
}

describe('isStorableText', () => {
  it('refuses NUL, the other C0 controls, DEL, C1 and lone surrogates; keeps tab, line breaks and the rest of Unicode', () => {
    for (const bad of ['ab\u0000cd', '\u0001', '\u0007', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f', '\u0080', '\u0085', '\u009f', 'a\ud800', '\udc00b', 'x\ud83dy']) {
      expect([bad, isStorableText(bad)]).toEqual([bad, false]);
    }
    for (const good of ['', 'Hei maailma', 'tab\there', 'line\nbreak', 'crlf\r\n', 'ä ö å € 😀 👩‍🏫', '\u00a0\u2028\ufeff', '<p>a &amp; b</p>']) {
      expect([good, isStorableText(good)]).toEqual([good, true]);
    }
  });

  it('agrees with an oracle on any sequence of UTF-16 code units', () => {
    fc.assert(fc.property(anyText, (text) => {
        expect(isStorableText(text)).toBe(oracle(text));
      }), { numRuns: 2000 });
  });
});

describe('findUnstorableText', () => {
  it('names the first refused string by its path, and an object holding a refused key', () => {
    expect(findUnstorableText({ todo_id: 'x', updates: { member_answer: 'a\u0000' } })).toEqual(['updates', 'member_answer']);
    expect(findUnstorableText({ ops: [{ insert: 'ok' }, { insert: 'b\ud800' }] })).toEqual(['ops', 1, 'insert']);
    expect(findUnstorableText({ a: 'ok', b: '\u0007', c: '\u0000' })).toEqual(['b']);
    expect(findUnstorableText({ content_delta: { 'k\u0000': 1 } })).toEqual(['content_delta']);
    expect(findUnstorableText('\u0000')).toEqual([]);
    expect(findUnstorableText({ fine: 'Hei\tkaikki\n', n: 3, t: true, z: null, list: ['a', 1] })).toBeNull();
    // The query's parser makes objects with a prototype of its own: they are walked all the same.
    class Query {
      constructor(readonly q: string) {}
    }
    expect(findUnstorableText(new Query('\u0001'))).toEqual(['q']);
    expect(findUnstorableText(Object.assign(Object.create(null) as object, { q: '\u0001' }))).toEqual(['q']);
  });

  it('does not look into raw bytes (the webhook\'s Buffer body)', () => {
    expect(findUnstorableText(new Uint8Array([0x7b, 0x22, 0x00, 0x22, 0x7d]))).toBeNull();
    expect(findUnstorableText({ raw: new Uint8Array([0, 1, 2]) })).toBeNull();
    expect(findUnstorableText(undefined)).toBeNull();
  });

  it('walks a body nested a hundred thousand deep without overflowing', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const path = findUnstorableText(deep);
    expect(path).toHaveLength(100_000);
    expect(path?.every((key) => key === 0)).toBe(true);
  });

  it('finds nothing exactly when every string and key may be stored, and what it finds is refused', () => {
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, anyText, fc.integer(), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
      array: fc.array(tie('value'), { maxLength: 4 }),
      object: fc.dictionary(anyText, tie('value'), { maxKeys: 4 }),
    })).value;
    const everyText = (v: unknown): boolean =>
      typeof v === 'string'
        ? oracle(v)
        : Array.isArray(v)
          ? v.every(everyText)
          : typeof v === 'object' && v !== null
            ? Object.entries(v).every(([k, x]) => oracle(k) && everyText(x))
            : true;
    fc.assert(
      fc.property(json, (value) => {
        const path = findUnstorableText(value);
        expect(path === null).toBe(everyText(value));
        if (path === null) return;
        const found = valueAt(value, path);
        if (typeof found === 'string') expect(isStorableText(found)).toBe(false);
        else expect(Object.keys(found as object).some((k) => !isStorableText(k))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
