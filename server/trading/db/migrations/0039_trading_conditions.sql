CREATE TABLE "plan_conditions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plan_conditions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plan_id" integer NOT NULL,
	"asset_class" text NOT NULL,
	"asset_id" integer,
	"spread_markup" integer DEFAULT 0 NOT NULL,
	"commission_kind" text DEFAULT 'per_lot' NOT NULL,
	"commission_rate" numeric(12, 4) DEFAULT '0' NOT NULL,
	"commission_minimum" numeric(20, 2) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "plan_conditions_class" CHECK (asset_class in ('forex', 'stocks', 'indices', 'crypto', 'commodities', 'metals')),
	CONSTRAINT "plan_conditions_kind" CHECK (commission_kind in ('per_lot', 'notional')),
	CONSTRAINT "plan_conditions_markup" CHECK ("plan_conditions"."spread_markup" >= 0),
	CONSTRAINT "plan_conditions_commission" CHECK ("plan_conditions"."commission_rate" >= 0 and "plan_conditions"."commission_minimum" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind";--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD COLUMN "plan_id" integer;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "paid_commission" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_conditions" ADD CONSTRAINT "plan_conditions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_conditions" ADD CONSTRAINT "plan_conditions_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_conditions" ADD CONSTRAINT "plan_conditions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_conditions_scope" ON "plan_conditions" USING btree ("plan_id","asset_class",coalesce("asset_id", 0));--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD CONSTRAINT "trading_accounts_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind" CHECK (kind in ('deposit', 'withdrawal', 'realized_pnl', 'ea_purchase', 'bonus_credit', 'negative_balance_correction', 'demo_funding', 'demo_reset', 'correction', 'fee_refund', 'chargeback', 'withdrawal_reversal', 'transfer', 'savings', 'savings_interest', 'plan_fee', 'swap', 'commission'));--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_entries_customers_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind NOT IN ('realized_pnl', 'negative_balance_correction', 'withdrawal', 'withdrawal_reversal', 'savings', 'savings_interest', 'swap', 'commission')
     AND NOT EXISTS (SELECT 1 FROM trading_accounts a JOIN users u ON u.id = a.user_id WHERE a.id = NEW.account_id AND u.role = 'customer') THEN
    RAISE EXCEPTION 'ledger entries of kind % go to customers'' accounts only (account %)', NEW.kind, NEW.account_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- An account trades in its owner's client group: the owner's plan, copied when the account is opened and whenever the
-- plan changes, in the same transaction (docs/trading.md#trading-conditions).
CREATE OR REPLACE FUNCTION trading_accounts_owner_plan() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.plan_id := (SELECT plan_id FROM users WHERE id = NEW.user_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER trading_accounts_owner_plan BEFORE INSERT OR UPDATE OF user_id, plan_id ON trading_accounts
  FOR EACH ROW EXECUTE FUNCTION trading_accounts_owner_plan();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_plan_to_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE trading_accounts SET plan_id = NEW.plan_id WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_plan_to_accounts AFTER UPDATE OF plan_id ON users
  FOR EACH ROW WHEN (OLD.plan_id IS DISTINCT FROM NEW.plan_id) EXECUTE FUNCTION users_plan_to_accounts();
--> statement-breakpoint
UPDATE trading_accounts SET plan_id = u.plan_id FROM users u WHERE u.id = trading_accounts.user_id;
