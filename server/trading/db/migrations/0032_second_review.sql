CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"owner_id" integer,
	"mime" text NOT NULL,
	"size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_purpose" CHECK (purpose in ('site_image', 'chat_attachment', 'profile_photo', 'identity_document'))
);
--> statement-breakpoint
ALTER TABLE "crypto_payments" DROP CONSTRAINT "crypto_payments_status";--> statement-breakpoint
ALTER TABLE "deposits" DROP CONSTRAINT "deposits_status";--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_owner" ON "stored_files" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "crypto_payments" ADD CONSTRAINT "crypto_payments_status" CHECK (status in ('seen', 'held', 'credited', 'below_minimum', 'rejected'));--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_status" CHECK (status in ('pending', 'held', 'confirmed', 'rejected', 'failed'));--> statement-breakpoint
-- Files kept before their purpose was recorded (docs/files.md): each by the row that names it. A file no row names stays unrecorded, and so is served by no route.
INSERT INTO "stored_files" ("id", "purpose", "owner_id", "mime", "size", "created_at")
SELECT "id", 'chat_attachment', "uploader_id", "mime", "size", "created_at" FROM "chat_files"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "stored_files" ("id", "purpose", "owner_id", "mime", "size", "created_at")
SELECT "file_id"::uuid, 'identity_document', "user_id", "mime", "size", "created_at" FROM "verification_documents"
WHERE "file_id" ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "stored_files" ("id", "purpose", "owner_id", "mime")
SELECT substring("avatar" from '^/api/v1/profile/photos/([0-9a-f-]{36})\.webp$')::uuid, 'profile_photo', "id", 'image/webp' FROM "users"
WHERE "avatar" ~ '^/api/v1/profile/photos/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "stored_files" ("id", "purpose", "owner_id", "mime")
SELECT DISTINCT ON (m[1]) m[1]::uuid, 'site_image', NULL::integer,
  CASE m[2] WHEN 'png' THEN 'image/png' WHEN 'jpg' THEN 'image/jpeg' WHEN 'webp' THEN 'image/webp' WHEN 'gif' THEN 'image/gif' ELSE 'image/x-icon' END
FROM "site_settings", LATERAL (VALUES ("logo"), ("logo_sm"), ("favicon")) AS image(url),
  LATERAL regexp_match(image.url, '^/api/v1/site-images/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(png|jpg|webp|gif|ico)$') AS m
WHERE m IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Chain transaction ids in each chain's one spelling (docs/funding.md#money-from-outside): Ethereum's 0x and lower-case hex, Bitcoin's and Tron's lower-case hex.
-- A payment already recorded twice under two spellings keeps both rows (staff see both); only the spellings that collide with nothing are rewritten,
-- and only ids of a transaction's shape (64 hex digits): anything else stays as it was written. The deposit each payment shows says the same id.
UPDATE "crypto_payments" AS p SET "tx_id" = canonical.tx
FROM (
  SELECT DISTINCT ON (spelt.wallet_id, spelt.tx) spelt.payment_id, spelt.wallet_id, spelt.tx
  FROM (
    SELECT p2."id" AS payment_id, p2."wallet_id" AS wallet_id,
      CASE WHEN w."channel" IN ('eth', 'usdt-erc20') THEN '0x' ELSE '' END || lower(regexp_replace(p2."tx_id", '^0[xX]', '')) AS tx
    FROM "crypto_payments" p2 JOIN "crypto_wallets" w ON w."id" = p2."wallet_id"
    WHERE p2."tx_id" ~* '^(0x)?[0-9a-f]{64}$'
  ) AS spelt
  ORDER BY spelt.wallet_id, spelt.tx, spelt.payment_id
) AS canonical
WHERE canonical.payment_id = p."id" AND p."tx_id" <> canonical.tx
  AND NOT EXISTS (SELECT 1 FROM "crypto_payments" other WHERE other."wallet_id" = p."wallet_id" AND other."tx_id" = canonical.tx);--> statement-breakpoint
UPDATE "deposits" AS d SET "details" = jsonb_set(d."details", '{tx_id}', to_jsonb(p."tx_id"))
FROM "crypto_payments" p
WHERE p."deposit_id" = d."id" AND d."details" ? 'tx_id' AND d."details"->>'tx_id' <> p."tx_id";
