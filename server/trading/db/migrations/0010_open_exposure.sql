CREATE TABLE "open_exposure" (
	"account_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"side" text NOT NULL,
	"units" numeric NOT NULL,
	"cost" numeric NOT NULL,
	"margin" numeric NOT NULL,
	"positions" integer NOT NULL,
	CONSTRAINT "open_exposure_account_id_asset_id_side_pk" PRIMARY KEY("account_id","asset_id","side")
);
--> statement-breakpoint
ALTER TABLE "open_exposure" ADD CONSTRAINT "open_exposure_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Open trades summed per account, instrument and side, changed by the same statement that changes the
-- trades (statement-level triggers over the transition tables: one upsert per statement, not per row).
CREATE FUNCTION open_exposure_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH delta AS (
    SELECT account_id, asset_id, side, units, units * open_price AS cost, margin, 1 AS positions FROM new_rows WHERE status = 'open'
    UNION ALL
    SELECT account_id, asset_id, side, -units, -(units * open_price), -margin, -1 FROM old_rows WHERE status = 'open'
  ), net AS (
    SELECT account_id, asset_id, side, sum(units) AS units, sum(cost) AS cost, sum(margin) AS margin, sum(positions)::integer AS positions
    FROM delta GROUP BY account_id, asset_id, side
  )
  INSERT INTO open_exposure AS e (account_id, asset_id, side, units, cost, margin, positions)
  SELECT * FROM net WHERE positions <> 0 OR units <> 0 OR margin <> 0
  ON CONFLICT (account_id, asset_id, side) DO UPDATE
    SET units = e.units + excluded.units, cost = e.cost + excluded.cost, margin = e.margin + excluded.margin, positions = e.positions + excluded.positions;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Transition tables need one trigger per event; the insert trigger sees an empty old_rows.
CREATE FUNCTION open_exposure_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH net AS (
    SELECT account_id, asset_id, side, sum(units) AS units, sum(units * open_price) AS cost, sum(margin) AS margin, count(*)::integer AS positions
    FROM new_rows WHERE status = 'open' GROUP BY account_id, asset_id, side
  )
  INSERT INTO open_exposure AS e (account_id, asset_id, side, units, cost, margin, positions)
  SELECT * FROM net
  ON CONFLICT (account_id, asset_id, side) DO UPDATE
    SET units = e.units + excluded.units, cost = e.cost + excluded.cost, margin = e.margin + excluded.margin, positions = e.positions + excluded.positions;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trades_open_exposure_insert AFTER INSERT ON trades REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION open_exposure_on_insert();
--> statement-breakpoint
CREATE TRIGGER trades_open_exposure_update AFTER UPDATE ON trades REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION open_exposure_apply();
--> statement-breakpoint
CREATE FUNCTION trades_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'trades are never deleted';
END $$;
--> statement-breakpoint
CREATE TRIGGER trades_no_delete BEFORE DELETE OR TRUNCATE ON trades FOR EACH STATEMENT EXECUTE FUNCTION trades_refuse_delete();
--> statement-breakpoint
INSERT INTO open_exposure (account_id, asset_id, side, units, cost, margin, positions)
SELECT account_id, asset_id, side, sum(units), sum(units * open_price), sum(margin), count(*)::integer
FROM trades WHERE status = 'open' GROUP BY account_id, asset_id, side;
