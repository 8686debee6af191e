CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"name" text NOT NULL,
	"beschreibung" text,
	"price_cents" integer NOT NULL,
	"unit" text NOT NULL,
	"content_thousandths" integer,
	"content_measure" text,
	"vat_rate_bp" integer NOT NULL,
	"ean" text NOT NULL,
	"ean_in_store" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_ean_unique" UNIQUE("ean")
);
--> statement-breakpoint
CREATE TABLE "pos_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "pos_keys_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
CREATE TABLE "sales_line_assignments" (
	"sales_line_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"product_id" uuid,
	"vendor_id" uuid,
	"assigned_by" uuid,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"receipt_id" text NOT NULL,
	"position" integer NOT NULL,
	"sold_at" timestamp with time zone NOT NULL,
	"ean" text NOT NULL,
	"article_text" text NOT NULL,
	"quantity_thousandths" integer NOT NULL,
	"unit_price_gross_cents" integer NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"line_total_gross_cents" integer NOT NULL,
	"product_id" uuid,
	"vendor_id" uuid,
	"source" text NOT NULL,
	"raw" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_line_assignments" ADD CONSTRAINT "sales_line_assignments_sales_line_id_sales_lines_id_fk" FOREIGN KEY ("sales_line_id") REFERENCES "public"."sales_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_line_assignments" ADD CONSTRAINT "sales_line_assignments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_line_assignments" ADD CONSTRAINT "sales_line_assignments_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_lines" ADD CONSTRAINT "sales_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_lines" ADD CONSTRAINT "sales_lines_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_vendor_idx" ON "products" USING btree ("vendor_id","name");--> statement-breakpoint
CREATE INDEX "products_active_idx" ON "products" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_lines_receipt_position_idx" ON "sales_lines" USING btree ("receipt_id","position");--> statement-breakpoint
CREATE INDEX "sales_lines_vendor_sold_idx" ON "sales_lines" USING btree ("vendor_id","sold_at");--> statement-breakpoint
CREATE INDEX "sales_lines_sold_idx" ON "sales_lines" USING btree ("sold_at");