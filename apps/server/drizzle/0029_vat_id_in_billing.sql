-- The shop's VAT id lives in the billing data only (docs/decisions/0048-vat-id-once.md).
-- A VAT id stored only with the legal data (settings key 'legal') moves to the billing data,
-- compacted as the billing form stores it (no spaces, capitals); one the billing data already
-- has stays. Then the legal data no longer carry a copy.
INSERT INTO "billing_settings" ("id", "ust_id_nr")
SELECT 1, upper(regexp_replace("value"->>'vatId', '\s', '', 'g'))
FROM "settings"
WHERE "key" = 'legal'
  AND jsonb_typeof("value") = 'object'
  AND coalesce(btrim("value"->>'vatId'), '') <> ''
ON CONFLICT ("id") DO UPDATE SET "ust_id_nr" = excluded."ust_id_nr"
WHERE coalesce(btrim("billing_settings"."ust_id_nr"), '') = '';--> statement-breakpoint
UPDATE "settings" SET "value" = "value" - 'vatId'
WHERE "key" = 'legal' AND jsonb_typeof("value") = 'object' AND "value" ? 'vatId';
