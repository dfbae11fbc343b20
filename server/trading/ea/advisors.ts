import { addNotification, type NotificationRow } from '../db/notifications.repo';
import { advisorTexts, eaTexts, type Advisor, type AdvisorSummary, type Rating } from '../../../shared/api/advisors.schema';
import { catalogueTexts } from '../../../shared/api/catalogue.schema';
import { formatAmount, Money } from '../../../shared/money';
import { done, fail, refusal, refused, type Outcome } from '../errors';
import type { Bus } from '../bus';
import { recordAudit } from '../db/audit.repo';
import {
  advisorRows,
  advisorsWithInstalls,
  extendOwnership,
  findAdvisor,
  lockOwnership,
  markOwnershipLapsed,
  paidPeriodsOf,
  paidUpAdvisorIds,
  planAdvisorIds,
  renewalsDue,
  ratingsBy,
  saveOwnership,
  saveRating,
  type AdvisorRow,
} from '../db/advisors.repo';
import type { AppDb, Executor, Tx } from '../db/database';
import { exposureFromTotals, lockCustomerAccount, openTotalsOf, type AccountRow } from '../engine/accounts';
import type { Market } from '../market/market';
import { postEntry } from '../ledger/ledger';

/** The advisors a customer may use: those their plan includes and those they own, paid up: `user.eas` (docs/advisors.md#usable-advisors). */
export async function usableAdvisorIds(db: Executor, userId: number): Promise<{ owned: Set<number>; included: Set<number> }> {
  const [owned, included] = [await paidUpAdvisorIds(db, userId), await planAdvisorIds(db, userId)];
  return { owned: new Set(owned), included: new Set(included) };
}

/** Whether the customer may use the advisor now (it is in `user.eas`). */
export async function mayUseAdvisor(db: Executor, userId: number, advisorId: number): Promise<boolean> {
  const { owned, included } = await usableAdvisorIds(db, userId);
  return owned.has(advisorId) || included.has(advisorId);
}

export function presentAdvisor(
  row: AdvisorRow,
  { downloads, owned, included, paidUntil, myRating }: { downloads: number; owned: boolean; included: boolean; paidUntil: Date | null; myRating: number | null },
): Advisor {
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
    ratings_count: row.ratingsCount,
    my_rating: myRating,
    downloads,
    features: row.features,
    status: owned || included ? 'purchased' : 'available',
    included_in_plan: included,
    renews_at: owned && !included && paidUntil ? paidUntil.toISOString() : null,
  };
}

/** The catalogue as every signed-in page may see it (GET /data). */
export async function advisorSummaries(db: AppDb): Promise<AdvisorSummary[]> {
  const rows = await advisorRows(db);
  return rows.map((row) => ({ id: row.id, name: row.name, image: row.image, type: row.category, amount_val: new Money(row.price).toFixed(2), billing: row.billing }));
}

/**
 * Every advisor on sale, and those off sale that this customer has (owned or by plan: they keep using it,
 * docs/back-office.md#catalogue), with its real install count and what this customer has of it.
 */
export async function listAdvisors(db: AppDb, userId: number): Promise<Advisor[]> {
  const rows = await advisorsWithInstalls(db);
  const { owned, included } = await usableAdvisorIds(db, userId);
  const [paidUntil, rated] = await Promise.all([paidPeriodsOf(db, userId), ratingsBy(db, userId)]);
  return rows
    .filter(({ advisor }) => advisor.enabled || owned.has(advisor.id) || included.has(advisor.id))
    .map(({ advisor, downloads }) =>
      presentAdvisor(advisor, { downloads, owned: owned.has(advisor.id), included: included.has(advisor.id), paidUntil: paidUntil.get(advisor.id) ?? null, myRating: rated.get(advisor.id) ?? null }),
    );
}

/** A customer rates an advisor they have (owned, or in their plan) from 1 to 5 stars; again, and the new stars replace theirs. */
export async function rateAdvisor(db: AppDb, { userId, advisorId, stars }: { userId: number; advisorId: number; stars: number }): Promise<Rating> {
  return db.transaction(async (tx) => {
    if (!(await findAdvisor(tx, advisorId))) fail(refusal.notFound(eaTexts.notFound));
    if (!(await mayUseAdvisor(tx, userId, advisorId))) fail(refusal.forbidden(advisorTexts.rateNotOwned));
    const saved = await saveRating(tx, { userId, advisorId, stars });
    return { rating: Number(saved.rating), ratings_count: saved.ratingsCount, my_rating: stars };
  });
}

/** The same day next month, or that month's last day when it is shorter (31 January → 28 or 29 February). */
export function oneMonthAfter(from: Date): Date {
  const next = new Date(from);
  next.setUTCMonth(from.getUTCMonth() + 1);
  if (next.getUTCDate() !== from.getUTCDate()) next.setUTCDate(0);
  return next;
}

/** Whether the account's balance and free margin both cover `amount` (the caller holds the account lock). */
async function coveredBy(market: Market, tx: Tx, account: AccountRow, amount: Money): Promise<boolean> {
  const totals = (await openTotalsOf(tx, [account.id])).get(account.id) ?? [];
  const { freeMargin } = exposureFromTotals(market, account, totals);
  return amount.lte(freeMargin) && amount.lte(account.balance);
}

/**
 * Buys an advisor with the Live balance (docs/advisors.md#purchases): the account locked, the price within free
 * margin, one ledger entry and one ownership row in one transaction. However many presses arrive at
 * once, one buys it and the others are told it is already theirs.
 */
export async function purchaseAdvisor(
  deps: { database: { db: AppDb }; market: Market; bus: Bus },
  { userId, advisorId, ip }: { userId: number; advisorId: number; ip: string | null },
): Promise<Outcome<{ advisor: AdvisorRow; charged: string }>> {
  const { db } = deps.database;
  const advisor = await findAdvisor(db, advisorId);
  if (!advisor) return fail(refusal.notFound(eaTexts.notFound));
  const outcome = await db.transaction(async (tx): Promise<Outcome<{ advisor: AdvisorRow; charged: string }>> => {
    // The account lock makes concurrent purchases by one customer wait for each other.
    const { account } = await lockCustomerAccount(tx, userId);
    const { owned, included } = await usableAdvisorIds(tx, userId);
    if (owned.has(advisor.id) || included.has(advisor.id)) return refused(refusal.conflict(advisorTexts.alreadyOwned));
    // An advisor off sale is not sold; those who have it keep it (docs/back-office.md#catalogue).
    if (!advisor.enabled) return refused(refusal.invalid(catalogueTexts.advisorNotSold, 'expert_advisor_id'));
    const price = new Money(advisor.price);
    // A monthly advisor is paid a month at a time; buying it again after it lapsed starts a new month.
    const paidUntil = advisor.billing === 'monthly' ? oneMonthAfter(new Date()) : null;
    let ledgerEntryId: number | null = null;
    if (price.gt(0)) {
      if (!(await coveredBy(deps.market, tx, account, price))) return refused(refusal.invalid(advisorTexts.insufficientBalance, 'expert_advisor_id'));
      const reference = paidUntil ? `ea:${advisor.id}:until:${paidUntil.toISOString()}` : `ea:${advisor.id}`;
      const entry = await postEntry(tx, { accountId: account.id, kind: 'ea_purchase', amount: price.negated().toFixed(2), reference, memo: advisor.name, createdBy: userId });
      ledgerEntryId = entry.id;
    }
    await saveOwnership(tx, { userId, advisorId: advisor.id, ledgerEntryId, paidUntil, acquiredAt: new Date() });
    await recordAudit(tx, { actorId: userId, action: 'ea.purchased', subjectType: 'expert_advisor', subjectId: advisor.id, details: { price: price.toFixed(2), accountId: account.id }, ip });
    return done({ advisor, charged: price.toFixed(2) });
  });
  if (outcome.ok) deps.bus.publish('user.updated', { userId });
  return outcome;
}

export const renewAheadMs = 60 * 60_000;

/**
 * Renews the monthly advisors whose paid month has ended (docs/advisors.md#monthly-billing): each from its owner's Live
 * balance under the account lock, one ledger entry per month (its reference names the month, so a
 * renewal never runs twice), or, when the balance does not cover it, lets it lapse. The owner is told
 * either way. Returns the owners to refresh.
 */
export async function renewDueAdvisors(deps: { database: { db: AppDb }; market: Market }, now = new Date()): Promise<{ userId: number; notice: NotificationRow }[]> {
  const { db } = deps.database;
  // Renewed an hour ahead, so a paid-up advisor never stops for the minutes until the renewal runs.
  const horizon = new Date(now.getTime() + renewAheadMs);
  const due = await renewalsDue(db, horizon);
  const told: { userId: number; notice: NotificationRow }[] = [];
  for (const { userId, advisor } of due) {
    const notice = await db.transaction(async (tx) => {
      // The account first (as every transaction on it), then the ownership.
      const { account } = await lockCustomerAccount(tx, userId);
      const row = await lockOwnership(tx, userId, advisor.id);
      if (!row?.paidUntil || row.paidUntil > horizon || row.lapsedAt) return null;
      const price = new Money(advisor.price);
      if (advisor.billing !== 'monthly' || !(await coveredBy(deps.market, tx, account, price))) {
        await markOwnershipLapsed(tx, { userId, advisorId: advisor.id, at: now });
        await recordAudit(tx, { actorId: null, action: 'ea.lapsed', subjectType: 'expert_advisor', subjectId: advisor.id, details: { user_id: userId, paid_until: row.paidUntil.toISOString() } });
        return addNotification(tx, { userId, title: advisorTexts.lapsedTitle, message: advisorTexts.lapsed(advisor.name), color: 'warning' });
      }
      // Overdue (nothing ran to renew it) starts a new month now rather than billing the months missed.
      const next = oneMonthAfter(row.paidUntil > now ? row.paidUntil : now);
      const entry = price.gt(0)
        ? await postEntry(tx, {
            accountId: account.id,
            kind: 'ea_purchase',
            amount: price.negated().toFixed(2),
            reference: `ea:${advisor.id}:until:${next.toISOString()}`,
            memo: `${advisor.name} renewal`,
          })
        : null;
      await extendOwnership(tx, { userId, advisorId: advisor.id, paidUntil: next, ledgerEntryId: entry?.id ?? row.ledgerEntryId });
      await recordAudit(tx, {
        actorId: null,
        action: 'ea.renewed',
        subjectType: 'expert_advisor',
        subjectId: advisor.id,
        details: { user_id: userId, price: price.toFixed(2), paid_until: next.toISOString() },
      });
      return addNotification(tx, { userId, title: advisorTexts.renewedTitle, message: advisorTexts.renewed(advisor.name, price.toFixed(2)), color: 'success' });
    });
    if (notice) told.push({ userId, notice });
  }
  return told;
}
