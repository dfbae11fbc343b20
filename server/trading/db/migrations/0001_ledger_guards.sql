-- The ledger is the only way a balance changes, and it is append-only. These guards live in the
-- database so that no code path (or hand-written SQL) can break "balance = sum of entries".

CREATE FUNCTION ledger_apply_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.bucket = 'balance' THEN
    UPDATE trading_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id
      RETURNING balance INTO NEW.balance_after;
  ELSE
    UPDATE trading_accounts SET credit = credit + NEW.amount WHERE id = NEW.account_id
      RETURNING credit INTO NEW.balance_after;
  END IF;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'trading account % does not exist', NEW.account_id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_apply BEFORE INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_entry();
--> statement-breakpoint
CREATE FUNCTION forbid_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION forbid_row_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION forbid_row_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION forbid_row_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION forbid_row_change();
--> statement-breakpoint
-- Balances start at zero and change only from inside ledger_apply_entry (trigger depth 2).
CREATE FUNCTION trading_accounts_guard_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.balance <> 0 OR NEW.credit <> 0 THEN
      RAISE EXCEPTION 'a trading account opens with zero balances; fund it with ledger entries';
    END IF;
  ELSIF (NEW.balance IS DISTINCT FROM OLD.balance OR NEW.credit IS DISTINCT FROM OLD.credit)
        AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'account balances change only through ledger entries';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER trading_accounts_guard_balances BEFORE INSERT OR UPDATE ON trading_accounts
  FOR EACH ROW EXECUTE FUNCTION trading_accounts_guard_balances();
--> statement-breakpoint
-- The settings row always exists; demo data or staff fill it in.
INSERT INTO site_settings (id, name) VALUES (1, 'Trading Platform') ON CONFLICT (id) DO NOTHING;
