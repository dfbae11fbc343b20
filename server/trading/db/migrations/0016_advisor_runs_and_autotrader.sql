CREATE TABLE "advisor_activations" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"expert_advisor_id" integer NOT NULL,
	"running" boolean DEFAULT false NOT NULL,
	"account_id" integer,
	"asset_id" integer,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"stopped_reason" text,
	"activated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	CONSTRAINT "advisor_activations_running_target" CHECK (not "advisor_activations"."running" or ("advisor_activations"."account_id" is not null and "advisor_activations"."asset_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "autotrader_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "autotrader_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"level" text NOT NULL,
	"account_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autotrader_requests_level" CHECK (level in ('low', 'medium', 'high')),
	CONSTRAINT "autotrader_requests_status" CHECK (status in ('pending', 'approved', 'refused')),
	CONSTRAINT "autotrader_requests_decided" CHECK (("autotrader_requests"."status" = 'pending') = ("autotrader_requests"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "placed_by" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "expert_advisor_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "autotrader_level" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "autotrader_account_id" integer;--> statement-breakpoint
ALTER TABLE "advisor_activations" ADD CONSTRAINT "advisor_activations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_activations" ADD CONSTRAINT "advisor_activations_expert_advisor_id_expert_advisors_id_fk" FOREIGN KEY ("expert_advisor_id") REFERENCES "public"."expert_advisors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_activations" ADD CONSTRAINT "advisor_activations_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_activations" ADD CONSTRAINT "advisor_activations_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrader_requests" ADD CONSTRAINT "autotrader_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrader_requests" ADD CONSTRAINT "autotrader_requests_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrader_requests" ADD CONSTRAINT "autotrader_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advisor_activations_running" ON "advisor_activations" USING btree ("user_id") WHERE "advisor_activations"."running";--> statement-breakpoint
CREATE UNIQUE INDEX "autotrader_requests_one_pending" ON "autotrader_requests" USING btree ("user_id") WHERE "autotrader_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "autotrader_requests_status" ON "autotrader_requests" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_expert_advisor_id_expert_advisors_id_fk" FOREIGN KEY ("expert_advisor_id") REFERENCES "public"."expert_advisors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_autotrader_account_id_trading_accounts_id_fk" FOREIGN KEY ("autotrader_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trades_advisor" ON "trades" USING btree ("expert_advisor_id","account_id") WHERE "trades"."expert_advisor_id" is not null;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_placed_by" CHECK (placed_by in ('customer', 'expert_advisor', 'autotrader'));--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_advisor_placed" CHECK (("trades"."placed_by" = 'expert_advisor') = ("trades"."expert_advisor_id" is not null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_autotrader_level" CHECK (autotrader_level in ('low', 'medium', 'high'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_autotrader_consistent" CHECK (not "users"."autotrader" or ("users"."autotrader_level" is not null and "users"."autotrader_account_id" is not null));