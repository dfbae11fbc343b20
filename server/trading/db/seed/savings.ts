import type { SavingsPeriod } from '../../../../shared/savings';
import type { AppDb } from '../database';
import { savingsPlans, savingsTerms } from '../schema';
import { updateSettings } from '../settings.repo';

/**
 * The plans a new site starts with (docs/customer-area.md#savings): modest yearly rates, a US dollar plan
 * whose fixed terms may end early without their interest, and a euro plan locked to its term. Accounts
 * hold fiat currencies only, so there is no coin-denominated plan. Admins change them in the back office.
 */
export const defaultSavingsPlans: readonly {
  title: string;
  currency: string;
  earlyWithdrawal: 'forfeit_interest' | 'locked';
  minAmount: string;
  rates: Partial<Record<SavingsPeriod, string>>;
}[] = [
  {
    title: 'US Dollar Savings',
    currency: 'USD',
    earlyWithdrawal: 'forfeit_interest',
    minAmount: '10',
    rates: { flexible: '1.5', '1_month': '2', '3_months': '2.5', '6_months': '3', '12_months': '3.5' },
  },
  { title: 'Euro Fixed Savings', currency: 'EUR', earlyWithdrawal: 'locked', minAmount: '50', rates: { '3_months': '2', '6_months': '2.5', '12_months': '3' } },
];

/** Writes the default plans into an empty table (never over an admin's catalogue). */
export async function seedSavingsPlans(db: AppDb): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await tx.$count(savingsPlans)) > 0) return;
    for (const [index, plan] of defaultSavingsPlans.entries()) {
      const [row] = await tx
        .insert(savingsPlans)
        .values({ title: plan.title, currency: plan.currency, earlyWithdrawal: plan.earlyWithdrawal, minAmount: plan.minAmount, sortOrder: index })
        .returning({ id: savingsPlans.id });
      await tx.insert(savingsTerms).values(Object.entries(plan.rates).map(([period, roi]) => ({ planId: row!.id, period: period as SavingsPeriod, roi })));
    }
  });
}

/** The demo site offers savings (a real broker switches them on only where permitted). */
export async function seedDemoSavings(db: AppDb): Promise<void> {
  await updateSettings(db, { savings_enabled: true });
}
