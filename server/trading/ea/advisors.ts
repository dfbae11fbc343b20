import { asc, count, eq } from 'drizzle-orm';
import { advisorTexts, type Advisor, type AdvisorSummary } from '../../../shared/api/advisors.schema';
import { formatAmount, Money } from '../../../shared/money';
import { notFound } from '../api/errors';
import type { Answer } from '../engine/orders';
import { recordAudit } from '../db/audit.repo';
import type { AppDb, Executor } from '../db/database';
import { expertAdvisors, ownedExpertAdvisors, planExpertAdvisors, users } from '../db/schema';
import { exposureFromTotals, lockCustomerAccount, openTotalsOf } from '../engine/accounts';
import type { Market } from '../market/market';
import { postEntry } from '../ledger/ledger';

type AdvisorRow = typeof expertAdvisors.$inferSelect;

/** The advisors a customer may use: those their plan includes and those they own (client-spec §3 `user.eas`). */
export async function usableAdvisorIds(db: Executor, userId: number): Promise<{ owned: Set<number>; included: Set<number> }> {
  const [owned, included] = [
    await db.select({ id: ownedExpertAdvisors.expertAdvisorId }).from(ownedExpertAdvisors).where(eq(ownedExpertAdvisors.userId, userId)),
    await db
      .select({ id: planExpertAdvisors.expertAdvisorId })
      .from(planExpertAdvisors)
      .innerJoin(users, eq(users.planId, planExpertAdvisors.planId))
      .where(eq(users.id, userId)),
  ];
  return { owned: new Set(owned.map((r) => r.id)), included: new Set(included.map((r) => r.id)) };
}

export function presentAdvisor(row: AdvisorRow, { downloads, owned, included }: { downloads: number; owned: boolean; included: boolean }): Advisor {
  const price = new Money(row.price);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    author: row.author,
    amount_val: price.toFixed(2),
    amount: price.isZero() ? 'Free' : `${formatAmount({ amount: price })} USD`,
    billing: row.billing,
    image: row.image,
    type: row.category,
    rating: Number(row.rating),
    downloads,
    features: row.features,
    status: owned || included ? 'purchased' : 'available',
    included_in_plan: included,
  };
}

/** The catalogue as every signed-in page may see it (GET /data). */
export async function advisorSummaries(db: AppDb): Promise<AdvisorSummary[]> {
  const rows = await db.select().from(expertAdvisors).orderBy(asc(expertAdvisors.sortOrder), asc(expertAdvisors.id));
  return rows.map((row) => ({ id: row.id, name: row.name, image: row.image, type: row.category, amount_val: new Money(row.price).toFixed(2), billing: row.billing }));
}

/** Every advisor, with its real install count and what this customer has of it. */
export async function listAdvisors(db: AppDb, userId: number): Promise<Advisor[]> {
  const installs = db.select({ id: ownedExpertAdvisors.expertAdvisorId, n: count().as('n') }).from(ownedExpertAdvisors).groupBy(ownedExpertAdvisors.expertAdvisorId).as('installs');
  const rows = await db.select({ advisor: expertAdvisors, downloads: installs.n }).from(expertAdvisors).leftJoin(installs, eq(installs.id, expertAdvisors.id)).orderBy(asc(expertAdvisors.sortOrder), asc(expertAdvisors.id));
  const { owned, included } = await usableAdvisorIds(db, userId);
  return rows.map(({ advisor, downloads }) => presentAdvisor(advisor, { downloads: Number(downloads ?? 0), owned: owned.has(advisor.id), included: included.has(advisor.id) }));
}

/**
 * Buys an advisor with the Live balance (server-spec §8): the account locked, the price within free
 * margin, one ledger entry and one ownership row in one transaction. However many presses arrive at
 * once, one buys it and the others are told it is already theirs.
 */
export async function purchaseAdvisor(deps: { database: { db: AppDb }; market: Market }, { userId, advisorId, ip }: { userId: number; advisorId: number; ip: string | null }): Promise<Answer> {
  const { db } = deps.database;
  const [advisor] = await db.select().from(expertAdvisors).where(eq(expertAdvisors.id, advisorId));
  if (!advisor) throw notFound(advisorTexts.notFound);
  return db.transaction(async (tx) => {
    // The account lock makes concurrent purchases by one customer wait for each other.
    const { account } = await lockCustomerAccount(tx, userId);
    const { owned, included } = await usableAdvisorIds(tx, userId);
    if (owned.has(advisor.id) || included.has(advisor.id)) return { status: 409, body: { message: advisorTexts.alreadyOwned } };
    const price = new Money(advisor.price);
    let ledgerEntryId: number | null = null;
    if (price.gt(0)) {
      const totals = (await openTotalsOf(tx, [account.id])).get(account.id) ?? [];
      const { freeMargin } = exposureFromTotals(deps.market, account, totals);
      if (price.gt(freeMargin) || price.gt(account.balance)) return { status: 422, body: { message: advisorTexts.insufficientBalance, errors: { expert_advisor_id: [advisorTexts.insufficientBalance] } } };
      const entry = await postEntry(tx, { accountId: account.id, kind: 'ea_purchase', amount: price.negated().toFixed(2), reference: `ea:${advisor.id}`, memo: advisor.name, createdBy: userId });
      ledgerEntryId = entry.id;
    }
    await tx.insert(ownedExpertAdvisors).values({ userId, expertAdvisorId: advisor.id, ledgerEntryId });
    await recordAudit(tx, { actorId: userId, action: 'ea.purchased', subjectType: 'expert_advisor', subjectId: advisor.id, details: { price: price.toFixed(2), accountId: account.id }, ip });
    return { status: 200, body: { status: 'success', message: advisorTexts.purchased(advisor.name), data: { expert_advisor_id: advisor.id, balance_charged: price.toFixed(2) } } };
  });
}

