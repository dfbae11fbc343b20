CREATE TABLE "candles" (
	"asset_id" integer NOT NULL,
	"timeframe" text NOT NULL,
	"open_time" timestamp with time zone NOT NULL,
	"open" numeric(24, 10) NOT NULL,
	"high" numeric(24, 10) NOT NULL,
	"low" numeric(24, 10) NOT NULL,
	"close" numeric(24, 10) NOT NULL,
	"ticks" integer DEFAULT 0 NOT NULL,
	"synthetic" boolean DEFAULT false NOT NULL,
	CONSTRAINT "candles_asset_id_timeframe_open_time_pk" PRIMARY KEY("asset_id","timeframe","open_time"),
	CONSTRAINT "candles_timeframe" CHECK (timeframe in ('M1', 'M5', 'M15', 'H1', 'D1'))
);
--> statement-breakpoint
ALTER TABLE "candles" ADD CONSTRAINT "candles_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;