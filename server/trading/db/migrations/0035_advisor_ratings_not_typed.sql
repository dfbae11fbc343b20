ALTER TABLE "expert_advisors" ALTER COLUMN "rating" SET DEFAULT '0';--> statement-breakpoint
-- The seeded ratings were typed, not given by anyone: no rating can be given yet, so every advisor has none (docs/advisors.md#marketplace).
UPDATE "expert_advisors" SET "rating" = 0;
