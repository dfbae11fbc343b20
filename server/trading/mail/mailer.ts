import { eq } from 'drizzle-orm';
import type { Logger } from '../../logger';
import type { AppDb } from '../db/database';
import { outbox } from '../db/schema';

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
 * The one mailer (server-spec §2): every mail is written to the outbox first; with a transport it is then
 * delivered and marked sent (or its error kept, for staff to see). Without one, the outbox is where
 * staff and tests read it. A delivery failure never fails the request that caused the mail.
 */
export function createMailer({ db, transport, from, logger }: { db: AppDb; transport?: MailTransport | undefined; from: string; logger: Logger }): Mailer {
  return {
    async send(mail) {
      const [row] = await db.insert(outbox).values(mail).returning({ id: outbox.id });
      if (!transport || !row) return;
      try {
        await transport.sendMail({ ...mail, from });
        await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row.id));
      } catch (error) {
        logger.error({ err: error, outboxId: row.id }, 'mail delivery failed');
        await db.update(outbox).set({ error: error instanceof Error ? error.message.slice(0, 500) : 'delivery failed' }).where(eq(outbox.id, row.id));
      }
    },
  };
}
