ALTER TABLE "billing_settings" ADD COLUMN "datev_erloeskonto_ermaessigt" integer DEFAULT 8300 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_line_assignments" ADD COLUMN "no_vendor_kind" text;--> statement-breakpoint
ALTER TABLE "sales_line_assignments" ADD COLUMN "own_vat_rate_bp" integer;