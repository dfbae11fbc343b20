CREATE TABLE "expert_advisors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "expert_advisors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"author" text NOT NULL,
	"strategy" text NOT NULL,
	"category" text NOT NULL,
	"price" numeric(20, 2) DEFAULT '0' NOT NULL,
	"billing" text DEFAULT 'one_time' NOT NULL,
	"image" text,
	"rating" numeric(2, 1) NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expert_advisors_slug_unique" UNIQUE("slug"),
	CONSTRAINT "expert_advisors_strategy" CHECK (strategy in ('ma_trend', 'rsi_reversion', 'breakout', 'grid')),
	CONSTRAINT "expert_advisors_billing" CHECK (billing in ('one_time', 'monthly')),
	CONSTRAINT "expert_advisors_price" CHECK ("expert_advisors"."price" >= 0),
	CONSTRAINT "expert_advisors_rating" CHECK ("expert_advisors"."rating" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "owned_expert_advisors" (
	"user_id" integer NOT NULL,
	"expert_advisor_id" integer NOT NULL,
	"ledger_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owned_expert_advisors_user_id_expert_advisor_id_pk" PRIMARY KEY("user_id","expert_advisor_id")
);
--> statement-breakpoint
CREATE TABLE "plan_expert_advisors" (
	"plan_id" integer NOT NULL,
	"expert_advisor_id" integer NOT NULL,
	CONSTRAINT "plan_expert_advisors_plan_id_expert_advisor_id_pk" PRIMARY KEY("plan_id","expert_advisor_id")
);
--> statement-breakpoint
ALTER TABLE "owned_expert_advisors" ADD CONSTRAINT "owned_expert_advisors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owned_expert_advisors" ADD CONSTRAINT "owned_expert_advisors_expert_advisor_id_expert_advisors_id_fk" FOREIGN KEY ("expert_advisor_id") REFERENCES "public"."expert_advisors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owned_expert_advisors" ADD CONSTRAINT "owned_expert_advisors_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_expert_advisors" ADD CONSTRAINT "plan_expert_advisors_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_expert_advisors" ADD CONSTRAINT "plan_expert_advisors_expert_advisor_id_expert_advisors_id_fk" FOREIGN KEY ("expert_advisor_id") REFERENCES "public"."expert_advisors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "owned_expert_advisors_advisor" ON "owned_expert_advisors" USING btree ("expert_advisor_id");