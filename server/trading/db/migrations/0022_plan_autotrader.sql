ALTER TABLE "plans" ADD COLUMN "autotrader_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Plans whose comparison table already said AutoTrader "Yes" keep offering it (docs/advisors.md#autotrader).
UPDATE "plans" SET "autotrader_allowed" = true WHERE "id" IN (SELECT v."plan_id" FROM "plan_feature_values" v JOIN "plan_features" f ON f."id" = v."feature_id" WHERE f."label" = 'AutoTrader' AND lower(v."value") = 'yes');
