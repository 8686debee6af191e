CREATE TABLE "sales_line_vat_clarifications" (
	"sales_line_id" uuid PRIMARY KEY NOT NULL,
	"vendor_id" uuid NOT NULL,
	"tax_status" text NOT NULL,
	"flagged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vat_rate_bp" integer,
	"clarified_by" uuid,
	"clarified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sales_line_vat_clarifications" ADD CONSTRAINT "sales_line_vat_clarifications_sales_line_id_sales_lines_id_fk" FOREIGN KEY ("sales_line_id") REFERENCES "public"."sales_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_line_vat_clarifications" ADD CONSTRAINT "sales_line_vat_clarifications_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_line_vat_clarifications_waiting_idx" ON "sales_line_vat_clarifications" USING btree ("clarified_at");--> statement-breakpoint
-- Custom SQL (docs/decisions/0042): a line to clarify is recorded once and answered once.
-- The one update allowed sets the owner's rate, who and when (all null before, all set after,
-- every other column unchanged); no delete, no truncate.
CREATE FUNCTION sales_line_vat_clarifications_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND OLD.vat_rate_bp IS NULL AND OLD.clarified_by IS NULL AND OLD.clarified_at IS NULL
     AND NEW.vat_rate_bp IS NOT NULL AND NEW.clarified_by IS NOT NULL AND NEW.clarified_at IS NOT NULL
     AND (to_jsonb(NEW) - 'vat_rate_bp' - 'clarified_by' - 'clarified_at')
       = (to_jsonb(OLD) - 'vat_rate_bp' - 'clarified_by' - 'clarified_at') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'Eine Klärung des Steuersatzes wird einmal erfasst und nicht geändert (% abgelehnt)', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sales_line_vat_clarifications_once BEFORE UPDATE OR DELETE ON sales_line_vat_clarifications
  FOR EACH ROW EXECUTE FUNCTION sales_line_vat_clarifications_refuse_change();
--> statement-breakpoint
CREATE TRIGGER sales_line_vat_clarifications_no_truncate BEFORE TRUNCATE ON sales_line_vat_clarifications
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
