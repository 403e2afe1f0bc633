import type { TDemo } from '@kolikko/core/schemas/demo';

/**
 * The demo's two calls, made by /proto's own page (not inside its frames): it acts as the demo's
 * teacher to find the demo this browser already runs, so a reload continues it.
 */
export class DemoStartError extends Error {
  constructor(readonly rateLimited: boolean) {
    super(rateLimited ? 'SERVER.TRY_AGAIN' : 'SERVER.ERROR');
    this.name = 'DemoStartError';
  }
}

/** The demo this browser runs, or null when it runs none (or it was removed). */
export async function currentDemo(): Promise<TDemo | null> {
  try {
    const res = await fetch('/api/demo', { credentials: 'same-origin', headers: { Accept: 'application/json', 'X-Kolikko-Demo-As': 'teacher' } });
    return res.status === 200 ? ((await res.json()) as TDemo) : null;
  } catch {
    return null;
  }
}

/** Starts a demo classroom in the language given (the browser's previous demo is removed). */
export async function startDemo(language: TDemo['language']): Promise<TDemo> {
  let res: Response;
  try {
    res = await fetch('/api/demo', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Accept-Language': language },
      body: JSON.stringify({ language }),
    });
  } catch {
    throw new DemoStartError(false);
  }
  if (res.status === 201) return (await res.json()) as TDemo;
  throw new DemoStartError(res.status === 429);
}
