ALTER TABLE "owned_expert_advisors" ADD COLUMN "paid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "owned_expert_advisors" ADD COLUMN "lapsed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "owned_expert_advisors_paid_until" ON "owned_expert_advisors" USING btree ("paid_until") WHERE "owned_expert_advisors"."paid_until" is not null;--> statement-breakpoint
-- Renewals are billed now, so Capped Grid is sold as the monthly subscription it was meant to be (one-time only until then; earlier buyers keep it for good).
UPDATE "expert_advisors" SET "billing" = 'monthly' WHERE "slug" = 'capped-grid' AND "billing" = 'one_time';
