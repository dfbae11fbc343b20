CREATE TABLE "pending_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pending_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"side" text NOT NULL,
	"kind" text NOT NULL,
	"price" numeric(24, 10) NOT NULL,
	"units" numeric(24, 8) NOT NULL,
	"lots" numeric(12, 2) NOT NULL,
	"leverage" integer NOT NULL,
	"take_profit" numeric(24, 10),
	"stop_loss" numeric(24, 10),
	"status" text DEFAULT 'pending' NOT NULL,
	"trade_id" bigint,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "pending_orders_side" CHECK (side in ('buy', 'sell')),
	CONSTRAINT "pending_orders_kind" CHECK (kind in ('limit', 'stop')),
	CONSTRAINT "pending_orders_status" CHECK (status in ('pending', 'filled', 'cancelled', 'rejected')),
	CONSTRAINT "pending_orders_price_positive" CHECK ("pending_orders"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "pending_orders" ADD CONSTRAINT "pending_orders_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD CONSTRAINT "pending_orders_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_orders" ADD CONSTRAINT "pending_orders_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_orders_account_status" ON "pending_orders" USING btree ("account_id","status","id");