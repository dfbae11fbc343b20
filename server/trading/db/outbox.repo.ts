import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from './database';
import { outbox, users } from './schema';

/** The outbox: every mail the platform sends, and whether SMTP delivered it. */
export type OutboxRow = typeof outbox.$inferSelect;

export async function addToOutbox(db: Executor, mail: { to: string; subject: string; text: string }): Promise<number> {
  const [row] = await db.insert(outbox).values(mail).returning({ id: outbox.id });
  return row!.id;
}

export async function markMailSent(db: Executor, id: number): Promise<void> {
  await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, id));
}

export async function markMailFailed(db: Executor, id: number, error: string): Promise<void> {
  await db.update(outbox).set({ error }).where(eq(outbox.id, id));
}

/** The latest 50 mails to customers (optionally to one address), newest first; mail to staff is never listed. */
export async function customerMails(db: Executor, to: string | undefined): Promise<OutboxRow[]> {
  const rows = await db
    .select({ mail: outbox })
    .from(outbox)
    .innerJoin(users, eq(users.email, outbox.to))
    .where(and(eq(users.role, 'customer'), to ? eq(outbox.to, to) : undefined))
    .orderBy(desc(outbox.id))
    .limit(50);
  return rows.map((r) => r.mail);
}
