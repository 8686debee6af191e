CREATE TABLE "contract_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contract_id" uuid NOT NULL,
	"action" text NOT NULL,
	"summary" text NOT NULL,
	"actor_name" text NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "number_series" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "number_series_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
ALTER TABLE "contract_units" ADD COLUMN "from_date" date;--> statement-breakpoint
UPDATE "contract_units" SET "from_date" = "contracts"."start_date" FROM "contracts" WHERE "contracts"."id" = "contract_units"."contract_id";--> statement-breakpoint
ALTER TABLE "contract_units" ALTER COLUMN "from_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_units" ADD COLUMN "to_date" date;--> statement-breakpoint
UPDATE "contract_units" SET "to_date" = "contracts"."end_date" FROM "contracts" WHERE "contracts"."id" = "contract_units"."contract_id";--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "number" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "termination_kind" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "termination_reason" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "notice_given_on" date;--> statement-breakpoint
ALTER TABLE "rental_units" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_events_contract_idx" ON "contract_events" USING btree ("contract_id","created_at");--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_number_unique" UNIQUE("number");--> statement-breakpoint
UPDATE "contracts" SET "number" = 'V-' || "numbered"."year" || '-' || lpad("numbered"."n"::text, 4, '0') FROM (SELECT "id", extract(year from "created_at")::int AS "year", row_number() OVER (PARTITION BY extract(year from "created_at") ORDER BY "created_at", "id") AS "n" FROM "contracts") AS "numbered" WHERE "numbered"."id" = "contracts"."id";--> statement-breakpoint
INSERT INTO "number_series" ("series", "year", "last") SELECT 'contract', extract(year from "created_at")::int, count(*) FROM "contracts" GROUP BY 1, 2;
