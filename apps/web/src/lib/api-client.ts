import { currentLanguage } from './i18n.ts';

const API_BASE = '/api';

/**
 * Inside the demo's frames at /proto (issue 19): whom of the demo this page acts as, from the
 * frame's name (`kolikko-demo:teacher` or `kolikko-demo:member:<id>`), read once at start. Every
 * request and the live connection say it; elsewhere it is null and nothing changes.
 */
export const DEMO_AS: string | null = (() => {
  if (typeof window === 'undefined') return null;
  return /^kolikko-demo:(teacher|member:[0-9a-f-]{36})$/.exec(window.name)?.[1] ?? null;
})();

/** What a demo frame posts to /proto, its parent, when its demo is gone (removed after its idle time). */
export const DEMO_ENDED_MESSAGE = 'kolikko:demo-ended';

/** In a demo frame: tells /proto that the demo's session is gone, so it can offer a new demo. Elsewhere nothing. */
export function tellDemoEnded(): void {
  if (DEMO_AS === null || window.parent === window) return;
  window.parent.postMessage({ type: DEMO_ENDED_MESSAGE }, window.location.origin);
}

/** A failed API call: the HTTP status and the error code the web translates. */
export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly field: string | undefined;
  /** Numbers the error is about (MISC.TEACHER_OUT_OF_COINS: needed, available). */
  readonly details: Record<string, number>;
  /** A free name the server offers instead (USER.USERNAME_TAKEN when a classmate has the name). */
  readonly suggestion: string | undefined;

  constructor(status: number, errorCode: string, field?: string, details: Record<string, number> = {}, suggestion?: string) {
    super(errorCode);
    this.name = 'ApiError';
    this.status = status;
    this.errorCode = errorCode;
    this.field = field;
    this.details = details;
    this.suggestion = suggestion;
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data instead of a JSON body (uploads); the browser sets the boundary. */
  form?: FormData;
  signal?: AbortSignal;
}

let unauthorizedHandler: (() => void) | null = null;

/** Registers the one place that reacts to a 401 (see lib/auth.ts). */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

function readString(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null || !(key in value)) return undefined;
  const found: unknown = Reflect.get(value, key);
  return typeof found === 'string' && found.length > 0 ? found : undefined;
}

function readNumbers(value: unknown, key: string): Record<string, number> {
  if (typeof value !== 'object' || value === null || !(key in value)) return {};
  const found: unknown = Reflect.get(value, key);
  if (typeof found !== 'object' || found === null) return {};
  return Object.fromEntries(Object.entries(found).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Calls the API and answers the response body, typed with the core schema's type `T`. The body is
 * not parsed again here: the server writes every response through the same core schema (see
 * apps/server/src/platform/serializer.ts), and leaving Zod out of the browser's read path keeps it
 * out of every page's first download (docs/decisions.md, issue 13).
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  if (DEMO_AS !== null) headers['X-Kolikko-Demo-As'] = DEMO_AS;
  if (options.body !== undefined && options.form === undefined) headers['Content-Type'] = 'application/json';
  const body = options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body));

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'SERVER.ERROR');
  }

  const answer = await readBody(response);
  if (!response.ok) {
    if (response.status === 401) unauthorizedHandler?.();
    const errorCode = readString(answer, 'errorCode') ?? readString(answer, 'message') ?? 'SERVER.ERROR';
    throw new ApiError(response.status, errorCode, readString(answer, 'field'), readNumbers(answer, 'details'), readString(answer, 'suggestion'));
  }
  return answer as T;
}

