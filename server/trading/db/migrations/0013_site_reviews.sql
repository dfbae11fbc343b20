ALTER TABLE "site_settings" ADD COLUMN "review_stars" integer;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "review_count" integer;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "reviews_url" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_review_stars" CHECK ("site_settings"."review_stars" between 1 and 5);--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_review_count" CHECK ("site_settings"."review_count" >= 0);