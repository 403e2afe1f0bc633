import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { claimDueOutboxMail, deleteOutboxMail, rescheduleOutboxMail, type QueuedMail } from './mail-outbox.repo.ts';
import type { Mailer } from './mail.ts';

/**
 * Retries of a queued mail while SMTP refuses it or is away (issue 35): the first after 30 s, each
 * further wait doubling up to 2 minutes, so a mail goes out at most 2 minutes after SMTP is back;
 * after 3 days of trying, or at once when the server refuses the recipient for good (a 5xx
 * answer to RCPT TO), the mail is kept in the outbox with its last error.
 */
export const MAIL_RETRY = { firstDelayMs: 30_000, maxDelayMs: 2 * 60_000, giveUpAfterMs: 3 * 24 * 60 * 60_000 } as const;

/** How long one attempt holds its mail: longer than nodemailer's own timeouts for one message. */
const LEASE_MS = 15 * 60_000;
const BATCH = 20;
/** How often each node looks for mail that became due (a failed one's retry). */
const SWEEP_MS = 30_000;

/** The wait after the `attempts`-th failed attempt before the next. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAIL_RETRY.firstDelayMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30), MAIL_RETRY.maxDelayMs);
}

/** nodemailer's error for an answer the server gave: a recipient refused for good is not tried again. */
function refusedForGood(err: unknown): boolean {
  const { responseCode, command } = (err ?? {}) as { responseCode?: unknown; command?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && command === 'RCPT TO';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox's sender (app.ts); tests run it with a moved clock. */
    mailRelay: MailRelay;
  }
}

export interface MailRelay {
  /**
   * Sends every mail that is due, each claimed on its own so any number of nodes may run this at
   * once; answers how many were sent. A call while one runs makes that one look again at its end.
   */
  deliverDue(): Promise<number>;
  /** Looks for due mail every 30 s until stop(). */
  start(): void;
  /** No more looking; answers once a run under way has finished. */
  stop(): Promise<void>;
}

/**
 * The mail outbox's sender: mail queued in a transaction (queueOutboxMail) goes out through the
 * mailer after the commit, so nothing is lost when SMTP fails: a failed mail stays queued and is
 * tried again later, on whichever node looks first. Without SMTP_URL the outbox is where mail
 * stays anyway: a queued mail is only marked kept and logged, as the outbox mailer does.
 */
export function createMailRelay(deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger; clock?: () => Date }): MailRelay {
  const { db, mailer, log } = deps;
  const clock = deps.clock ?? (() => new Date());
  let running: Promise<number> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function deliverOne(mail: QueuedMail): Promise<boolean> {
    const { id, attempts, createdAt, ...message } = mail;
    if (mailer.driver === 'outbox') {
      await rescheduleOutboxMail(db, id, null, null);
      log.info({ mail: { to: message.to, subject: message.subject, text: message.text } }, 'mail kept in the outbox (no SMTP_URL)');
      return false;
    }
    try {
      await mailer.send(message);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const now = clock();
      const giveUp = refusedForGood(err) || now.getTime() - createdAt.getTime() >= MAIL_RETRY.giveUpAfterMs;
      await rescheduleOutboxMail(db, id, giveUp ? null : new Date(now.getTime() + retryDelayMs(attempts)), error.slice(0, 1000));
      if (giveUp) log.error({ err, mailId: id, attempts }, 'mail not sent: gave up, kept in the outbox');
      else log.warn({ err, mailId: id, attempts, retryInMs: retryDelayMs(attempts) }, 'mail not sent: will try again');
      return false;
    }
    await deleteOutboxMail(db, id);
    return true;
  }

  async function run(): Promise<number> {
    let sent = 0;
    do {
      again = false;
      for (;;) {
        const claimed = await claimDueOutboxMail(db, BATCH, LEASE_MS, clock());
        for (const mail of claimed) if (await deliverOne(mail)) sent++;
        if (claimed.length < BATCH) break;
      }
    } while (again);
    return sent;
  }

  function deliverDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = run().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    deliverDue,
    start() {
      timer ??= setInterval(() => {
        deliverDue().catch((err: unknown) => log.error({ err }, 'mail relay failed'));
      }, SWEEP_MS).unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
