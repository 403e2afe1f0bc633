/** Both drivers answer a raw query (`db.execute`) with `{ rows }`; the generic database type cannot say so. */
export function rowsOf<T>(result: unknown): T[] {
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) return result.rows as T[];
  throw new Error('unexpected raw query result');
}
