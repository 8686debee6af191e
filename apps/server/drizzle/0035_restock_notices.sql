CREATE TABLE "restock_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"place" text NOT NULL,
	"level_thousandths" integer NOT NULL,
	"stock_thousandths" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "restock_mail" text DEFAULT 'single' NOT NULL;--> statement-breakpoint
ALTER TABLE "restock_notices" ADD CONSTRAINT "restock_notices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restock_notices" ADD CONSTRAINT "restock_notices_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "restock_notices_open_idx" ON "restock_notices" USING btree ("product_id","place") WHERE resolved_at is null;--> statement-breakpoint
CREATE INDEX "restock_notices_vendor_idx" ON "restock_notices" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "restock_notices_unmailed_idx" ON "restock_notices" USING btree ("created_at") WHERE mailed_at is null;