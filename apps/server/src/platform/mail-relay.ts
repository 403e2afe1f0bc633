import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { claimDueOutboxMail, deleteOutboxMail, rescheduleOutboxMail } from './mail-outbox.repo.ts';
import type { Mailer } from './mail.ts';

/**
 * Retries of a queued mail: the first after a minute, each further wait doubling up to 6 hours;
 * after 12 attempts (about a day and a quarter) the mail is kept in the outbox with its last error.
 */
export const MAIL_RETRY = { firstDelayMs: 60_000, maxDelayMs: 6 * 60 * 60_000, maxAttempts: 12 } as const;

/** How long one attempt holds its mail: longer than nodemailer's own timeouts for one message. */
const LEASE_MS = 15 * 60_000;
const BATCH = 20;
/** How often each node looks for mail that became due (a failed one's retry). */
const SWEEP_MS = 60_000;

/** The wait after the `attempts`-th failed attempt before the next. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAIL_RETRY.firstDelayMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30), MAIL_RETRY.maxDelayMs);
}

export interface MailRelay {
  /**
   * Sends every mail that is due, each claimed on its own so any number of nodes may run this at
   * once; answers how many were sent. A call while one runs makes that one look again at its end.
   */
  deliverDue(): Promise<number>;
  /** Looks for due mail every minute until stop(). */
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
export function createMailRelay(deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger }): MailRelay {
  const { db, mailer, log } = deps;
  let running: Promise<number> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function deliverOne(mail: Awaited<ReturnType<typeof claimDueOutboxMail>>[number]): Promise<boolean> {
    const { id, attempts, ...message } = mail;
    if (mailer.driver === 'outbox') {
      await rescheduleOutboxMail(db, id, null, null);
      log.info({ mail: { to: message.to, subject: message.subject, text: message.text } }, 'mail kept in the outbox (no SMTP_URL)');
      return false;
    }
    try {
      await mailer.send(message);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const giveUp = attempts >= MAIL_RETRY.maxAttempts;
      await rescheduleOutboxMail(db, id, giveUp ? null : retryDelayMs(attempts), error.slice(0, 1000));
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
        const claimed = await claimDueOutboxMail(db, BATCH, LEASE_MS);
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
