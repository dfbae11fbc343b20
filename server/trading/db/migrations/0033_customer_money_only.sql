-- Money lives only in customers' accounts (docs/accounts-and-ledger.md#whose-accounts): whatever the code path, the
-- database opens no trading account for a back-office user and books no ledger entry to one (accounts opened for
-- staff before this rule keep what they hold and take nothing more).
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
  IF NOT EXISTS (SELECT 1 FROM trading_accounts a JOIN users u ON u.id = a.user_id WHERE a.id = NEW.account_id AND u.role = 'customer') THEN
    RAISE EXCEPTION 'ledger entries go to customers'' accounts only (account %)', NEW.account_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_customers_only BEFORE INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_customers_only();
