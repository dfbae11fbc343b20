CREATE TABLE "verification_documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verification_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file_id" text NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_documents_file_id_unique" UNIQUE("file_id"),
	CONSTRAINT "verification_documents_kind" CHECK (kind in ('identity', 'proof_of_address', 'selfie')),
	CONSTRAINT "verification_documents_status" CHECK (status in ('pending', 'approved', 'rejected')),
	CONSTRAINT "verification_documents_rejected" CHECK ("verification_documents"."status" <> 'rejected' or "verification_documents"."reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_documents_status" ON "verification_documents" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "verification_documents_user" ON "verification_documents" USING btree ("user_id","id");