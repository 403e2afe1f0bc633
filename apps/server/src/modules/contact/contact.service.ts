import type { FastifyBaseLogger } from 'fastify';
import { CONTACT_MESSAGES_PER_ADDRESS } from '@kolikko/core/limits';
import type { TContactRequest, TSiteFacts } from '@kolikko/core/schemas/public';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Background } from '../../platform/background.ts';
import type { Captcha } from '../../platform/captcha.ts';
import { queueOutboxMail } from '../../platform/mail-outbox.repo.ts';
import type { MailRelay } from '../../platform/mail-relay.ts';
import { createAttemptLimits } from '../auth/attempt-limits.ts';
import type { PageLanguage } from '../../platform/page-language.ts';
import { contactMail } from './contact.mail.ts';
import * as repo from './contact.repo.ts';

export interface ContactDeps {
  db: Db;
  captcha: Captcha;
  relay: MailRelay;
  background: Background;
  log: FastifyBaseLogger;
  config: Pick<Config, 'contactTo' | 'publicUrl' | 'site'>;
  /** Addresses the per-address limits are lifted for (LIMITS_EXEMPT_ADDRESSES, attempt-limits.ts's exemptAddresses); none unless given. */
  limitsExempt?: (ip: string) => boolean;
}

export type ContactService = ReturnType<typeof createContactService>;

export function createContactService(deps: ContactDeps) {
  const { db, captcha, relay, background, log, config, limitsExempt } = deps;
  const limits = createAttemptLimits(db, limitsExempt);
  if (!config.contactTo) log.info('CONTACT_TO is not set: contact form messages are stored, not mailed');

  return {
    /**
     * A contact form message (spec section 3): counted per address (5 an hour, in the database so
     * every node sees the same count; the server's own machine is not limited, as for signups),
     * a verified captcha, then the message and its mail to CONTACT_TO in one transaction. The mail
     * is sent after the answer (platform/mail-relay.ts), and tried again while SMTP fails.
     */
    async send(input: TContactRequest, caller: { ip: string; language: PageLanguage }): Promise<void> {
      const counted = await limits.count([{ name: `contact@${caller.ip}`, policy: CONTACT_MESSAGES_PER_ADDRESS, address: caller.ip }]);
      // A browser's form sends the textarea's line breaks as CR LF: kept as plain LF, as typed.
      const message = { name: input.name, email: input.email, subject: input.subject, message: input.message.replace(/\r\n?/g, '\n') };
      const { contactTo } = config;
      try {
        await captcha.verify(input.captcha);
        await db.transaction(async (tx) => {
          const stored = await repo.insertContactMessage(tx, message);
          if (contactTo) await queueOutboxMail(tx, contactMail(contactTo, message, caller.language, stored.createdAt, config.publicUrl));
        });
      } catch (err) {
        // A refused captcha, or a failure of ours: the message was not taken, so it does not count.
        await limits.withdraw(counted);
        throw err;
      }
      if (contactTo) background.run('contact mail', async () => void (await relay.deliverDue()));
    },

    /** The operator's facts for the public pages (each null when not configured). */
    siteFacts(): TSiteFacts {
      const { company, researchPdf } = config.site;
      return { company: { ...company }, research_pdf: { ...researchPdf } };
    },
  };
}
