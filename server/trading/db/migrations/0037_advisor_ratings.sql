-- Customers' stars for the advisors they have, and each advisor's count of them beside its average (docs/advisors.md#ratings).
CREATE TABLE "advisor_ratings" (
	"user_id" integer NOT NULL,
	"expert_advisor_id" integer NOT NULL,
	"stars" smallint NOT NULL,
	"rated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advisor_ratings_user_id_expert_advisor_id_pk" PRIMARY KEY("user_id","expert_advisor_id"),
	CONSTRAINT "advisor_ratings_stars" CHECK ("advisor_ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "expert_advisors" ADD COLUMN "ratings_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "advisor_ratings" ADD CONSTRAINT "advisor_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_ratings" ADD CONSTRAINT "advisor_ratings_expert_advisor_id_expert_advisors_id_fk" FOREIGN KEY ("expert_advisor_id") REFERENCES "public"."expert_advisors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advisor_ratings_advisor" ON "advisor_ratings" USING btree ("expert_advisor_id");