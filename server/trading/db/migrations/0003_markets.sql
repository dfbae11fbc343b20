CREATE TABLE "assets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"short_key" text NOT NULL,
	"asset_class" text NOT NULL,
	"category" text NOT NULL,
	"base_currency" text,
	"quote_currency" text NOT NULL,
	"digits" integer NOT NULL,
	"contract_size" numeric(20, 4) NOT NULL,
	"buy_spread" numeric(12, 8) NOT NULL,
	"sell_spread" numeric(12, 8) NOT NULL,
	"max_deviation" numeric(12, 8) NOT NULL,
	"regulatory_leverage_cap" integer NOT NULL,
	"schedule" text NOT NULL,
	"tv_symbol" text NOT NULL,
	"image" text NOT NULL,
	"seed_price" numeric(24, 10) NOT NULL,
	"volatility" numeric(8, 4) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "assets_symbol_unique" UNIQUE("symbol"),
	CONSTRAINT "assets_digits" CHECK ("assets"."digits" between 0 and 10),
	CONSTRAINT "assets_contract_size_positive" CHECK ("assets"."contract_size" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"client_order_id" text NOT NULL,
	"status" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"side" text NOT NULL,
	"units" numeric(24, 8) NOT NULL,
	"lots" numeric(12, 2) NOT NULL,
	"leverage" integer NOT NULL,
	"open_price" numeric(24, 10) NOT NULL,
	"close_price" numeric(24, 10),
	"take_profit" numeric(24, 10),
	"stop_loss" numeric(24, 10),
	"margin" numeric(20, 2) NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"close_reason" text,
	"realized_pnl" numeric(20, 2),
	"parent_id" bigint,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "trades_side" CHECK (side in ('buy', 'sell')),
	CONSTRAINT "trades_status" CHECK (status in ('open', 'closed')),
	CONSTRAINT "trades_units_positive" CHECK ("trades"."units" > 0),
	CONSTRAINT "trades_closed_consistent" CHECK (("trades"."status" = 'open') = ("trades"."closed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_asset_class_asset_classes_id_fk" FOREIGN KEY ("asset_class") REFERENCES "public"."asset_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_requests" ADD CONSTRAINT "order_requests_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_requests_client_id" ON "order_requests" USING btree ("account_id","client_order_id");--> statement-breakpoint
CREATE INDEX "trades_account_status" ON "trades" USING btree ("account_id","status","id");--> statement-breakpoint
CREATE INDEX "trades_open_asset" ON "trades" USING btree ("asset_id") WHERE "trades"."status" = 'open';