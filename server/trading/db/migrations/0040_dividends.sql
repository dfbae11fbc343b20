CREATE TABLE "dividends" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dividends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"asset_id" integer NOT NULL,
	"ex_date" date NOT NULL,
	"amount" numeric(20, 6) NOT NULL,
	"long_percent" numeric(6, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"booked_at" timestamp with time zone,
	"positions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dividends_amount" CHECK ("dividends"."amount" > 0),
	CONSTRAINT "dividends_long_percent" CHECK ("dividends"."long_percent" >= 0 and "dividends"."long_percent" <= 100)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind";--> statement-breakpoint
ALTER TABLE "dividends" ADD CONSTRAINT "dividends_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dividends" ADD CONSTRAINT "dividends_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dividends_asset_ex_date" ON "dividends" USING btree ("asset_id","ex_date");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind" CHECK (kind in ('deposit', 'withdrawal', 'realized_pnl', 'ea_purchase', 'bonus_credit', 'negative_balance_correction', 'demo_funding', 'demo_reset', 'correction', 'fee_refund', 'chargeback', 'withdrawal_reversal', 'transfer', 'savings', 'savings_interest', 'plan_fee', 'swap', 'commission', 'dividend'));--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_entries_customers_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind NOT IN ('realized_pnl', 'negative_balance_correction', 'withdrawal', 'withdrawal_reversal', 'savings', 'savings_interest', 'swap', 'commission', 'dividend')
     AND NOT EXISTS (SELECT 1 FROM trading_accounts a JOIN users u ON u.id = a.user_id WHERE a.id = NEW.account_id AND u.role = 'customer') THEN
    RAISE EXCEPTION 'ledger entries of kind % go to customers'' accounts only (account %)', NEW.kind, NEW.account_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
