CREATE TABLE "closed_months" (
	"month" text PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"month" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"due_on" date NOT NULL,
	"document_number" text,
	"paid_at" timestamp with time zone,
	"paid_by" text,
	"offset_in_month" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"month" text NOT NULL,
	"vendor_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"statement_document_id" uuid,
	"statement_number" text,
	"paid_at" timestamp with time zone,
	"paid_by" text,
	CONSTRAINT "payouts_month_vendor_id_pk" PRIMARY KEY("month","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "settled_sales_lines" (
	"sales_line_id" uuid PRIMARY KEY NOT NULL,
	"month" text NOT NULL,
	"vendor_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_items" (
	"month" text NOT NULL,
	"vendor_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"figures" jsonb NOT NULL,
	"blockers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finalized_at" timestamp with time zone,
	CONSTRAINT "settlement_items_month_vendor_id_pk" PRIMARY KEY("month","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "settlement_manual_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"month" text NOT NULL,
	"vendor_id" uuid NOT NULL,
	"text" text NOT NULL,
	"gross_cents" integer NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_months" (
	"month" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finalized_at" timestamp with time zone,
	"finalized_by" text
);
--> statement-breakpoint
ALTER TABLE "open_items" ADD CONSTRAINT "open_items_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settled_sales_lines" ADD CONSTRAINT "settled_sales_lines_sales_line_id_sales_lines_id_fk" FOREIGN KEY ("sales_line_id") REFERENCES "public"."sales_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settled_sales_lines" ADD CONSTRAINT "settled_sales_lines_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_items" ADD CONSTRAINT "settlement_items_month_settlement_months_month_fk" FOREIGN KEY ("month") REFERENCES "public"."settlement_months"("month") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_items" ADD CONSTRAINT "settlement_items_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_manual_lines" ADD CONSTRAINT "settlement_manual_lines_month_settlement_months_month_fk" FOREIGN KEY ("month") REFERENCES "public"."settlement_months"("month") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_manual_lines" ADD CONSTRAINT "settlement_manual_lines_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "open_items_vendor_idx" ON "open_items" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "settled_sales_lines_month_idx" ON "settled_sales_lines" USING btree ("month","vendor_id");--> statement-breakpoint
CREATE INDEX "settlement_items_vendor_idx" ON "settlement_items" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "settlement_manual_lines_month_idx" ON "settlement_manual_lines" USING btree ("month","vendor_id");