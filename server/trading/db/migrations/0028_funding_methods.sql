CREATE TABLE "crypto_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crypto_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"wallet_id" integer NOT NULL,
	"tx_id" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'seen' NOT NULL,
	"deposit_id" bigint,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credited_at" timestamp with time zone,
	CONSTRAINT "crypto_payments_status" CHECK (status in ('seen', 'credited', 'below_minimum')),
	CONSTRAINT "crypto_payments_amount_positive" CHECK ("crypto_payments"."amount" > 0),
	CONSTRAINT "crypto_payments_confirmations" CHECK ("crypto_payments"."confirmations" >= 0)
);
--> statement-breakpoint
CREATE TABLE "crypto_wallets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crypto_wallets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"derivation_index" integer NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"deposit_id" bigint,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "deposits" DROP CONSTRAINT "deposits_status";--> statement-breakpoint
ALTER TABLE "deposits" DROP CONSTRAINT "deposits_method";--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status";--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_method";--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "bank_details" jsonb;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "provider_session_id" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "deposit_id" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "fee" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "crypto_payments" ADD CONSTRAINT "crypto_payments_wallet_id_crypto_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."crypto_wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_payments" ADD CONSTRAINT "crypto_payments_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_wallets" ADD CONSTRAINT "crypto_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_payments_tx" ON "crypto_payments" USING btree ("wallet_id","tx_id");--> statement-breakpoint
CREATE INDEX "crypto_payments_wallet" ON "crypto_payments" USING btree ("wallet_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_wallets_user_channel" ON "crypto_wallets" USING btree ("user_id","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_wallets_channel_address" ON "crypto_wallets" USING btree ("channel","address");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_provider_session" ON "deposits" USING btree ("provider","provider_session_id");--> statement-breakpoint
CREATE INDEX "deposits_user" ON "deposits" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_user" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_card" CHECK ("deposits"."method" <> 'card' or ("deposits"."provider" is not null and "deposits"."amount_expected" > 0));--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_status" CHECK (status in ('pending', 'confirmed', 'rejected', 'failed'));--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_method" CHECK (method in ('bank_transfer', 'card', 'crypto'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_card" CHECK ("withdrawals"."method" <> 'card' or "withdrawals"."deposit_id" is not null);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_fee" CHECK ("withdrawals"."fee" >= 0 and "withdrawals"."fee" < "withdrawals"."amount");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status" CHECK (status in ('pending', 'processing', 'paid', 'rejected', 'cancelled'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_method" CHECK (method in ('bank_transfer', 'crypto', 'card'));