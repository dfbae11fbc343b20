ALTER TABLE "order_requests" ADD COLUMN "outcome" json;--> statement-breakpoint
-- Answers stored before this migration as an HTTP status and body become outcomes: a 2xx body's `data`
-- is the value; anything else is a refusal of the kind its status meant (409 with a price: a requote;
-- no status was read as 409).
UPDATE "order_requests" SET "outcome" = CASE
  WHEN "status" BETWEEN 200 AND 299 THEN json_build_object('ok', true, 'value', "response"->'data')
  ELSE json_build_object('ok', false, 'refusal', json_strip_nulls(json_build_object(
    'kind', CASE
      WHEN "status" IS NULL AND "response"->>'price' IS NOT NULL THEN 'requote'
      WHEN "status" IS NULL THEN 'conflict'
      WHEN "status" = 404 THEN 'not_found'
      WHEN "status" = 403 THEN 'forbidden'
      WHEN "status" = 503 THEN 'busy'
      WHEN "status" = 409 AND "response"->>'price' IS NOT NULL THEN 'requote'
      WHEN "status" = 409 THEN 'conflict'
      ELSE 'invalid'
    END,
    'message', coalesce("response"->>'message', 'The order was refused.'),
    'errors', "response"->'errors',
    'price', "response"->>'price'
  )))
END
WHERE "outcome" IS NULL;
