ALTER TABLE "trades" ADD COLUMN "dividends" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Dividends booked before the column existed: each position's entries (reference dividend:{dividend}:{trade}).
UPDATE "trades" SET "dividends" = "booked"."total"
FROM (
  SELECT split_part("reference", ':', 3)::bigint AS "trade_id", sum("amount") AS "total"
  FROM "ledger_entries" WHERE "kind" = 'dividend' AND "reference" ~ '^dividend:[0-9]+:[0-9]+$' GROUP BY 1
) AS "booked"
WHERE "trades"."id" = "booked"."trade_id";
