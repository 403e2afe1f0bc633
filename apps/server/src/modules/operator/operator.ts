import { timingSafeEqual } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Operator commands (`npm run admin`, apps/server/src/admin.ts). The embedded database allows one
 * process: while the server holds DATA_DIR, a command must not open it. So a server on PGlite
 * writes `operator.json` into DATA_DIR at start (its pid, port and a fresh secret; mode 0600) and
 * removes it when it stops; a command that finds a live server there asks it, on 127.0.0.1 with
 * the secret, instead of opening the database. With PostgreSQL any number of processes may
 * connect, so a command always connects itself.
 */
export const OPERATOR_FILE = 'operator.json';
export const OPERATOR_SECRET_HEADER = 'x-kolikko-operator';
/** POST operator/export answers the ZIP with these: whose export it is (`teacher` or `member`, and the username). */
export const EXPORT_KIND_HEADER = 'x-kolikko-export-kind';
export const EXPORT_USERNAME_HEADER = 'x-kolikko-export-username';

export interface OperatorFile {
  pid: number;
  port: number;
  secret: string;
}

export function writeOperatorFile(dataDir: string, port: number, secret: string): OperatorFile {
  const file: OperatorFile = { pid: process.pid, port, secret };
  writeFileSync(join(dataDir, OPERATOR_FILE), JSON.stringify(file), { mode: 0o600 });
  return file;
}

export function removeOperatorFile(dataDir: string): void {
  rmSync(join(dataDir, OPERATOR_FILE), { force: true });
}

export function readOperatorFile(dataDir: string): OperatorFile | null {
  try {
    const parsed = JSON.parse(readFileSync(join(dataDir, OPERATOR_FILE), 'utf8')) as Partial<OperatorFile>;
    if (typeof parsed.pid !== 'number' || typeof parsed.port !== 'number' || typeof parsed.secret !== 'string') return null;
    return { pid: parsed.pid, port: parsed.port, secret: parsed.secret };
  } catch {
    return null;
  }
}

/** Whether a process with this pid runs (a signal 0 tests without sending anything). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The secret a request carries matches the server's, compared in constant time. */
export function secretMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
