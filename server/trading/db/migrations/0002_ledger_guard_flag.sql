-- The balance guard no longer relies on trigger depth (any future trigger that updates an account
-- would pass it): the ledger trigger raises a transaction-local flag around its own UPDATE, and only
-- an update made while the flag is up may change a balance.

CREATE OR REPLACE FUNCTION ledger_apply_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('ledger.posting', 'on', true);
  IF NEW.bucket = 'balance' THEN
    UPDATE trading_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id
      RETURNING balance INTO NEW.balance_after;
  ELSE
    UPDATE trading_accounts SET credit = credit + NEW.amount WHERE id = NEW.account_id
      RETURNING credit INTO NEW.balance_after;
  END IF;
  PERFORM set_config('ledger.posting', 'off', true);
  IF NEW.balance_after IS NULL THEN
    RAISE EXCEPTION 'trading account % does not exist', NEW.account_id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trading_accounts_guard_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.balance <> 0 OR NEW.credit <> 0 THEN
      RAISE EXCEPTION 'a trading account opens with zero balances; fund it with ledger entries';
    END IF;
  ELSIF (NEW.balance IS DISTINCT FROM OLD.balance OR NEW.credit IS DISTINCT FROM OLD.credit)
        AND coalesce(current_setting('ledger.posting', true), 'off') <> 'on' THEN
    RAISE EXCEPTION 'account balances change only through ledger entries';
  END IF;
  RETURN NEW;
END
$$;
