CREATE TABLE "inventory_count_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"count_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"place" text NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	"counted_thousandths" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"provision_type" text,
	"commission_rate_bp" integer NOT NULL,
	"caused_by_producer" text
);
--> statement-breakpoint
CREATE TABLE "inventory_counts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	"note" text,
	"recorded_by_id" uuid,
	"recorded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"place" text NOT NULL,
	"kind" text NOT NULL,
	"quantity_thousandths" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by_kind" text NOT NULL,
	"recorded_by_id" uuid,
	"recorded_by_name" text NOT NULL,
	"note" text,
	"source_key" text,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" text
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_tracked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "restock_level_thousandths" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "store_room_restock_level_thousandths" integer;--> statement-breakpoint
ALTER TABLE "inventory_count_lines" ADD CONSTRAINT "inventory_count_lines_count_id_inventory_counts_id_fk" FOREIGN KEY ("count_id") REFERENCES "public"."inventory_counts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_count_lines" ADD CONSTRAINT "inventory_count_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_count_lines" ADD CONSTRAINT "inventory_count_lines_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_count_lines_vendor_idx" ON "inventory_count_lines" USING btree ("vendor_id","counted_at");--> statement-breakpoint
CREATE INDEX "inventory_count_lines_product_idx" ON "inventory_count_lines" USING btree ("product_id","place","counted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_movements_source_key_idx" ON "stock_movements" USING btree ("source_key") WHERE source_key is not null;--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","place","occurred_at");--> statement-breakpoint
CREATE INDEX "stock_movements_unconfirmed_idx" ON "stock_movements" USING btree ("occurred_at") WHERE kind = 'delivery' and confirmed_at is null;