ALTER TABLE "users" ADD COLUMN "status_reason" text;--> statement-breakpoint
-- Users deactivated (or sent back to approval) before the column existed: the reason staff gave, from the audit trail's last change to their current status.
UPDATE "users" AS u SET "status_reason" = a."details"->>'reason'
FROM (
  SELECT DISTINCT ON ("subject_id") "subject_id", "details"
  FROM "audit_log"
  WHERE "subject_type" = 'user' AND "action" IN ('user.status_changed', 'staff.status_changed')
  ORDER BY "subject_id", "id" DESC
) AS a
WHERE a."subject_id" = u."id"::text AND u."status" <> 'active' AND a."details"->>'to' = u."status";
