import type { Logger } from '../../logger';
import type { AppDb } from '../db/database';
import { addToOutbox, markMailFailed, markMailSent } from '../db/outbox.repo';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** How a mail leaves the building: nodemailer's SMTP transport in production, none by default. */
export interface MailTransport {
  sendMail(mail: Mail & { from: string }): Promise<unknown>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * The one mailer (docs/access.md#mail): every mail is written to the outbox first; with a transport it is then
 * delivered and marked sent (or its error kept, for staff to see). Without one, the outbox is where
 * staff and tests read it. A delivery failure never fails the request that caused the mail.
 */
export function createMailer({ db, transport, from, logger }: { db: AppDb; transport?: MailTransport | undefined; from: string; logger: Logger }): Mailer {
  return {
    async send(mail) {
      const id = await addToOutbox(db, mail);
      if (!transport) return;
      try {
        await transport.sendMail({ ...mail, from });
        await markMailSent(db, id);
      } catch (error) {
        logger.error({ err: error, outboxId: id }, 'mail delivery failed');
        await markMailFailed(db, id, error instanceof Error ? error.message.slice(0, 500) : 'delivery failed');
      }
    },
  };
}
