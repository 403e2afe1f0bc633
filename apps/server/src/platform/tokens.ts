import { createHash, randomBytes } from 'node:crypto';

/** A fresh opaque token (256 bits) for cookies and e-mailed links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: a stolen table row cannot be replayed as a cookie. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
