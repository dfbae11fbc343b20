CREATE TABLE "account_records" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"closed" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"pnl" numeric DEFAULT '0' NOT NULL,
	"deposits" numeric DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_records" ADD CONSTRAINT "account_records_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The record changes in the statement that changes what it sums: a trade that closes (or a closed part written as
-- such), a realized P/L or deposit entry. Row triggers with WHEN: the rollover's swap updates and entries call nothing.
CREATE FUNCTION account_records_add(account integer, closed integer, wins integer, losses integer, pnl numeric, deposits numeric) RETURNS void LANGUAGE sql AS $$
  INSERT INTO account_records AS r (account_id, closed, wins, losses, pnl, deposits) VALUES (account, closed, wins, losses, pnl, deposits)
  ON CONFLICT (account_id) DO UPDATE
    SET closed = r.closed + excluded.closed, wins = r.wins + excluded.wins, losses = r.losses + excluded.losses, pnl = r.pnl + excluded.pnl, deposits = r.deposits + excluded.deposits;
$$;
--> statement-breakpoint
CREATE FUNCTION account_records_on_trade() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- What the row counted before (nothing on insert; OLD is null there) and what it counts now.
  was_closed integer := CASE WHEN OLD.status = 'closed' THEN 1 ELSE 0 END;
  was_win integer := CASE WHEN OLD.status = 'closed' AND OLD.realized_pnl > 0 THEN 1 ELSE 0 END;
  was_loss integer := CASE WHEN OLD.status = 'closed' AND OLD.realized_pnl < 0 THEN 1 ELSE 0 END;
  is_closed integer := CASE WHEN NEW.status = 'closed' THEN 1 ELSE 0 END;
  is_win integer := CASE WHEN NEW.status = 'closed' AND NEW.realized_pnl > 0 THEN 1 ELSE 0 END;
  is_loss integer := CASE WHEN NEW.status = 'closed' AND NEW.realized_pnl < 0 THEN 1 ELSE 0 END;
BEGIN
  PERFORM account_records_add(NEW.account_id, is_closed - was_closed, is_win - was_win, is_loss - was_loss, 0, 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trades_account_record_insert AFTER INSERT ON trades FOR EACH ROW WHEN (NEW.status = 'closed') EXECUTE FUNCTION account_records_on_trade();
--> statement-breakpoint
CREATE TRIGGER trades_account_record_update AFTER UPDATE OF status, realized_pnl ON trades FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.realized_pnl IS DISTINCT FROM NEW.realized_pnl) EXECUTE FUNCTION account_records_on_trade();
--> statement-breakpoint
CREATE FUNCTION account_records_on_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM account_records_add(NEW.account_id, 0, 0, 0,
    CASE WHEN NEW.kind = 'realized_pnl' THEN NEW.amount ELSE 0 END,
    CASE WHEN NEW.kind = 'deposit' THEN NEW.amount ELSE 0 END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_account_record AFTER INSERT ON ledger_entries FOR EACH ROW WHEN (NEW.kind IN ('realized_pnl', 'deposit')) EXECUTE FUNCTION account_records_on_entry();
--> statement-breakpoint
-- What the accounts had before: their closed trades and their entries.
INSERT INTO account_records (account_id, closed, wins, losses, pnl, deposits)
SELECT a.id,
  coalesce(t.closed, 0), coalesce(t.wins, 0), coalesce(t.losses, 0),
  coalesce(e.pnl, 0), coalesce(e.deposits, 0)
FROM trading_accounts a
LEFT JOIN (
  SELECT account_id, count(*)::integer AS closed, (count(*) FILTER (WHERE realized_pnl > 0))::integer AS wins, (count(*) FILTER (WHERE realized_pnl < 0))::integer AS losses
  FROM trades WHERE status = 'closed' GROUP BY account_id
) t ON t.account_id = a.id
LEFT JOIN (
  SELECT account_id, sum(amount) FILTER (WHERE kind = 'realized_pnl') AS pnl, sum(amount) FILTER (WHERE kind = 'deposit') AS deposits
  FROM ledger_entries WHERE kind IN ('realized_pnl', 'deposit') GROUP BY account_id
) e ON e.account_id = a.id
WHERE t.account_id IS NOT NULL OR e.account_id IS NOT NULL;
