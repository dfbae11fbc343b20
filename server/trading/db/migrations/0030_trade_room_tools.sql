ALTER TABLE "users" ADD COLUMN "one_click_trading_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "watch_digits" text DEFAULT 'fixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "trailing_stop" integer;