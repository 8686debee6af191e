-- A contract ended before its start is storniert (docs/decisions/0024): no end date, its units never held.
DELETE FROM "contract_units" cu USING "contracts" c
 WHERE cu."contract_id" = c."id" AND c."end_date" IS NOT NULL AND c."end_date" < c."start_date";
--> statement-breakpoint
UPDATE "contracts" SET "status" = 'cancelled', "end_date" = NULL
 WHERE "end_date" IS NOT NULL AND "end_date" < "start_date";
