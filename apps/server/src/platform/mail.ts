import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { insertOutboxMail } from './mail-outbox.repo.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where an answer goes, when not to the sender (a contact message: the visitor who wrote it). */
  replyTo?: string;
}

/** Sends mail. One interface, two drivers: SMTP (nodemailer) and the outbox table. */
export interface Mailer {
  readonly driver: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    driver: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}

/** Without SMTP_URL: mail is kept in the outbox table and printed to the log. */
export function createOutboxMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    driver: 'outbox',
    async send(mail) {
      await insertOutboxMail(db, mail);
      log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, 'mail kept in the outbox (no SMTP_URL)');
    },
    close: () => undefined,
  };
}
