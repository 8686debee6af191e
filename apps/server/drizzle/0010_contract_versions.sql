CREATE TABLE "contract_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"valid_from" date NOT NULL,
	"provision_type" text NOT NULL,
	"monthly_price_cents" integer NOT NULL,
	"zusatzleistungen" jsonb NOT NULL,
	"units" jsonb NOT NULL,
	"reason" text,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_in" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"day" date NOT NULL,
	"what" text NOT NULL,
	"quantity" text NOT NULL,
	"stored_at" text,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_versions" ADD CONSTRAINT "contract_versions_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_in" ADD CONSTRAINT "goods_in_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_versions_contract_idx" ON "contract_versions" USING btree ("contract_id","valid_from");--> statement-breakpoint
CREATE INDEX "goods_in_vendor_idx" ON "goods_in" USING btree ("vendor_id","day");--> statement-breakpoint
-- every existing contract gets its first version: the terms it started with
INSERT INTO "contract_versions" ("contract_id", "valid_from", "provision_type", "monthly_price_cents", "zusatzleistungen", "units", "reason", "actor_name", "created_at")
SELECT c."id", c."start_date", c."provision_type", c."monthly_price_cents",
  jsonb_build_object(
    'lagerservice', coalesce((c."package_snapshot" -> 'zusatzleistungen' ->> 'lagerservice')::boolean, false),
    'versandservice', coalesce((c."package_snapshot" -> 'zusatzleistungen' ->> 'versandservice')::boolean, false)),
  coalesce((SELECT jsonb_agg(jsonb_build_object('id', ru."id", 'name', ru."name", 'optionId', ru."option_id", 'priceCents', cu."price_cents") ORDER BY ru."name")
    FROM "contract_units" cu JOIN "rental_units" ru ON ru."id" = cu."rental_unit_id" WHERE cu."contract_id" = c."id"), '[]'::jsonb),
  NULL, 'System', c."created_at"
FROM "contracts" c;
