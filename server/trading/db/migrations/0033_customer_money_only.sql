-- Money lives only in customers' accounts (docs/accounts-and-ledger.md#whose-accounts): whatever the code path, the
-- database opens no trading account for a back-office user and books no money into one. Accounts opened for staff
-- before this rule wind down: what settles a position, a saving or a withdrawal they already hold is still booked
-- (closing is never taken away), and nothing else.
CREATE FUNCTION trading_accounts_customers_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id AND role = 'customer') THEN
    RAISE EXCEPTION 'trading accounts belong to customers only (user %)', NEW.user_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER trading_accounts_customers_only BEFORE INSERT OR UPDATE OF user_id ON trading_accounts
  FOR EACH ROW EXECUTE FUNCTION trading_accounts_customers_only();--> statement-breakpoint
CREATE FUNCTION ledger_entries_customers_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind NOT IN ('realized_pnl', 'negative_balance_correction', 'withdrawal', 'withdrawal_reversal', 'savings', 'savings_interest')
     AND NOT EXISTS (SELECT 1 FROM trading_accounts a JOIN users u ON u.id = a.user_id WHERE a.id = NEW.account_id AND u.role = 'customer') THEN
    RAISE EXCEPTION 'ledger entries of kind % go to customers'' accounts only (account %)', NEW.kind, NEW.account_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_customers_only BEFORE INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_customers_only();--> statement-breakpoint
-- A back-office user's orders still waiting would open positions: cancelled, as staff no longer trade.
UPDATE pending_orders SET status = 'cancelled', reason = 'Cancelled: staff and admin accounts do not trade', resolved_at = now()
WHERE status = 'pending' AND account_id IN (SELECT a.id FROM trading_accounts a JOIN users u ON u.id = a.user_id WHERE u.role <> 'customer');
