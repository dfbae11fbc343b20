CREATE TABLE "plan_change_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plan_change_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"from_plan_id" integer,
	"plan_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"price" numeric(20, 2),
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_change_requests_status" CHECK (status in ('pending', 'approved', 'rejected', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recovery_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"from_account_id" integer NOT NULL,
	"to_account_id" integer NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_transfers_amount_positive" CHECK ("account_transfers"."amount" > 0),
	CONSTRAINT "account_transfers_two_accounts" CHECK ("account_transfers"."from_account_id" <> "account_transfers"."to_account_id")
);
--> statement-breakpoint
CREATE TABLE "savings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "savings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	"period" text NOT NULL,
	"roi" numeric(7, 3) NOT NULL,
	"days" integer NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"accrued" numeric(30, 10) DEFAULT '0' NOT NULL,
	"paid" numeric(20, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "savings_period" CHECK (period in ('flexible', '1_month', '3_months', '6_months', '12_months')),
	CONSTRAINT "savings_status" CHECK (status in ('active', 'closed')),
	CONSTRAINT "savings_amount_positive" CHECK ("savings"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "savings_accruals" (
	"saving_id" bigint NOT NULL,
	"day" date NOT NULL,
	"amount" numeric(30, 10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "savings_accruals_saving_id_day_pk" PRIMARY KEY("saving_id","day")
);
--> statement-breakpoint
CREATE TABLE "savings_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "savings_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"currency" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"early_withdrawal" text DEFAULT 'forfeit_interest' NOT NULL,
	"min_amount" numeric(20, 2) DEFAULT '10' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "savings_plans_early_withdrawal" CHECK (early_withdrawal in ('forfeit_interest', 'locked')),
	CONSTRAINT "savings_plans_min_amount" CHECK ("savings_plans"."min_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "savings_terms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "savings_terms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plan_id" integer NOT NULL,
	"period" text NOT NULL,
	"roi" numeric(7, 3) NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "savings_terms_period" CHECK (period in ('flexible', '1_month', '3_months', '6_months', '12_months')),
	CONSTRAINT "savings_terms_roi" CHECK ("savings_terms"."roi" > 0 and "savings_terms"."roi" <= 100)
);
--> statement-breakpoint
ALTER TABLE "one_time_tokens" DROP CONSTRAINT "one_time_tokens_purpose";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind";--> statement-breakpoint
DROP INDEX "trading_accounts_user_type";--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "price" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "savings_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "display_currency" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sounds_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notification_prefs" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD COLUMN "is_primary" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD COLUMN "id_type" text;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD COLUMN "side" text;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD COLUMN "provider" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "plan_change_requests" ADD CONSTRAINT "plan_change_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_change_requests" ADD CONSTRAINT "plan_change_requests_from_plan_id_plans_id_fk" FOREIGN KEY ("from_plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_change_requests" ADD CONSTRAINT "plan_change_requests_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_change_requests" ADD CONSTRAINT "plan_change_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transfers" ADD CONSTRAINT "account_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transfers" ADD CONSTRAINT "account_transfers_from_account_id_trading_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transfers" ADD CONSTRAINT "account_transfers_to_account_id_trading_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings" ADD CONSTRAINT "savings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings" ADD CONSTRAINT "savings_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings" ADD CONSTRAINT "savings_plan_id_savings_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."savings_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings" ADD CONSTRAINT "savings_term_id_savings_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."savings_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_accruals" ADD CONSTRAINT "savings_accruals_saving_id_savings_id_fk" FOREIGN KEY ("saving_id") REFERENCES "public"."savings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_plans" ADD CONSTRAINT "savings_plans_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_terms" ADD CONSTRAINT "savings_terms_plan_id_savings_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."savings_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_change_requests_one_pending" ON "plan_change_requests" USING btree ("user_id") WHERE "plan_change_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "plan_change_requests_status" ON "plan_change_requests" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_codes_user_code" ON "recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
CREATE INDEX "account_transfers_user" ON "account_transfers" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "savings_user" ON "savings" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "savings_active" ON "savings" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "savings_terms_current" ON "savings_terms" USING btree ("plan_id","period") WHERE "savings_terms"."retired_at" is null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_display_currency_currencies_code_fk" FOREIGN KEY ("display_currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trading_accounts_user" ON "trading_accounts" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "trading_accounts_user_type" ON "trading_accounts" USING btree ("user_id","type") WHERE "trading_accounts"."is_primary";--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_purpose" CHECK (purpose in ('password_reset', 'auto_login', 'login_challenge', 'email_change'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind" CHECK (kind in ('deposit', 'withdrawal', 'realized_pnl', 'ea_purchase', 'bonus_credit', 'negative_balance_correction', 'demo_funding', 'demo_reset', 'correction', 'fee_refund', 'chargeback', 'withdrawal_reversal', 'transfer', 'savings', 'savings_interest', 'plan_fee'));--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_id_type" CHECK (id_type in ('passport', 'driving_licence', 'national_id'));--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_side" CHECK (side in ('front', 'back'));