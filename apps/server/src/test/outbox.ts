import type { FastifyInstance } from 'fastify';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * The newest mail to `to` in the outbox (GET /api/dev/outbox), waiting for one to arrive: a reset
 * mail is sent after the request has been answered.
 */
export async function waitForMail(app: FastifyInstance, to: string, timeoutMs = 15_000): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails: OutboxMail[] = (await app.inject({ method: 'GET', url: '/api/dev/outbox' })).json();
    const mail = mails.filter((m) => m.to === to).at(-1);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
