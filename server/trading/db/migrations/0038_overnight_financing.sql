-- Overnight financing (docs/trading.md#overnight-financing): rates kept with the moment each took effect, each rollover
-- run by its day, a position's swap so far, and the ledger's 'swap' entries (which may settle positions staff still hold).
CREATE TABLE "benchmark_rates" (
	"currency" text NOT NULL,
	"rate_percent" numeric(8, 4) NOT NULL,
	"effective_from" timestamp with time zone DEFAULT now() NOT NULL,
	"set_by" integer,
	CONSTRAINT "benchmark_rates_currency_effective_from_pk" PRIMARY KEY("currency","effective_from")
);
--> statement-breakpoint
CREATE TABLE "plan_financing" (
	"plan_id" integer NOT NULL,
	"asset_class" text NOT NULL,
	"markup" numeric(10, 4) NOT NULL,
	"effective_from" timestamp with time zone DEFAULT now() NOT NULL,
	"set_by" integer,
	CONSTRAINT "plan_financing_plan_id_asset_class_effective_from_pk" PRIMARY KEY("plan_id","asset_class","effective_from"),
	CONSTRAINT "plan_financing_class" CHECK (asset_class in ('forex', 'stocks', 'indices', 'crypto', 'commodities', 'metals')),
	CONSTRAINT "plan_financing_markup" CHECK ("plan_financing"."markup" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rollovers" (
	"day" date PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"trigger" text NOT NULL,
	"actor_id" integer,
	"positions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rollovers_trigger" CHECK (trigger in ('schedule', 'staff', 'command'))
);
--> statement-breakpoint
CREATE TABLE "swap_points" (
	"asset_id" integer NOT NULL,
	"long_points" numeric(12, 4) NOT NULL,
	"short_points" numeric(12, 4) NOT NULL,
	"effective_from" timestamp with time zone DEFAULT now() NOT NULL,
	"set_by" integer,
	CONSTRAINT "swap_points_asset_id_effective_from_pk" PRIMARY KEY("asset_id","effective_from")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind";--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "swap" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "benchmark_rates" ADD CONSTRAINT "benchmark_rates_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_financing" ADD CONSTRAINT "plan_financing_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_financing" ADD CONSTRAINT "plan_financing_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollovers" ADD CONSTRAINT "rollovers_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_points" ADD CONSTRAINT "swap_points_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_points" ADD CONSTRAINT "swap_points_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind" CHECK (kind in ('deposit', 'withdrawal', 'realized_pnl', 'ea_purchase', 'bonus_credit', 'negative_balance_correction', 'demo_funding', 'demo_reset', 'correction', 'fee_refund', 'chargeback', 'withdrawal_reversal', 'transfer', 'savings', 'savings_interest', 'plan_fee', 'swap'));--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_entries_customers_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind NOT IN ('realized_pnl', 'negative_balance_correction', 'withdrawal', 'withdrawal_reversal', 'savings', 'savings_interest', 'swap')
     AND NOT EXISTS (SELECT 1 FROM trading_accounts a JOIN users u ON u.id = a.user_id WHERE a.id = NEW.account_id AND u.role = 'customer') THEN
    RAISE EXCEPTION 'ledger entries of kind % go to customers'' accounts only (account %)', NEW.kind, NEW.account_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;