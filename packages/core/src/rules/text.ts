/**
 * What a stored text may hold. PostgreSQL cannot store U+0000 in text or jsonb, and a lone UTF-16
 * surrogate (JSON's "\ud800" without its pair) is either replaced by U+FFFD on its way to a text
 * column or refused by jsonb: one answers 500, the other silently changes what was sent. The other
 * control characters are storable but have no use in anything a person types: they show as
 * nothing or as boxes and can hide text. So every string a request carries is refused when it
 * holds any of Unicode's control characters (general category Cc: U+0000..U+001F, U+007F DEL and
 * the C1 range U+0080..U+009F) other than tab, line feed and carriage return, or a lone surrogate.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const REFUSED_CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (UTF-16 code units). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !REFUSED_CONTROL_CHARACTERS.test(text) && !LONE_SURROGATE.test(text);
}

/**
 * An object whose own keys and values are what was parsed: JSON's plain objects, and the query's
 * and route parameters' objects (their parsers give them prototypes of their own). Raw bytes are not.
 */
function isParsedObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer);
}

/** Where a value sits in what was parsed: its key or index and its parent's place (null at the root). */
interface Place {
  key: string | number;
  parent: Place | null;
}

function pathOf(place: Place | null): (string | number)[] {
  const path: (string | number)[] = [];
  for (let p = place; p !== null; p = p.parent) path.unshift(p.key);
  return path;
}

/**
 * The path (keys and array indexes) of the first string in a parsed JSON value, query or route
 * parameters that `isStorableText` refuses; an object key that it refuses names the object holding
 * it (a free-form object such as a Quill delta is stored as jsonb, keys included). `[]` is the value
 * itself; null when every string may be stored. Raw bytes (the Stripe webhook's Buffer body) are
 * not looked into. The walk keeps its own stack and builds a path only for what it refuses, so a
 * deeply nested body costs time in proportion to its size and never overflows.
 */
export function findUnstorableText(value: unknown): (string | number)[] | null {
  const pending: { value: unknown; place: Place | null }[] = [{ value, place: null }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: current, place } = next;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return pathOf(place);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) pending.push({ value: current[i], place: { key: i, parent: place } });
    } else if (isParsedObject(current)) {
      const keys = Object.keys(current);
      if (keys.some((key) => !isStorableText(key))) return pathOf(place);
      for (const key of keys.reverse()) pending.push({ value: current[key], place: { key, parent: place } });
    }
  }
  return null;
}
