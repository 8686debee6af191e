CREATE TABLE "vendor_removals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"retained_until" date,
	"rows" jsonb NOT NULL,
	"removed_by" text NOT NULL,
	"removed_by_id" uuid,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "deletion_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "retained_until" date;--> statement-breakpoint
ALTER TABLE "sales_line_assignments" DROP CONSTRAINT "sales_line_assignments_sales_line_id_sales_lines_id_fk";
--> statement-breakpoint
ALTER TABLE "sales_line_assignments" ADD CONSTRAINT "sales_line_assignments_sales_line_id_sales_lines_id_fk" FOREIGN KEY ("sales_line_id") REFERENCES "public"."sales_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Deletion with retention (docs/decisions/0092): after the retention period an admin removes a
-- deleted producer's retained records. The immutability guards let a row go only inside that
-- removal: the transaction names the producer (set_config('housnkuh.retention_removal', id,
-- true)), the producer is deleted and has a retention date, and the row is that producer's (a
-- till line with no producer of its own: when the shop's assignment names the producer; the
-- assignment goes with the line). The server checks that the date has passed; everything else
-- stays as it was.
CREATE FUNCTION retention_removal_removing() RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  removing text := current_setting('housnkuh.retention_removal', true);
BEGIN
  IF removing IS NULL OR removing = '' THEN
    RETURN NULL;
  END IF;
  RETURN (
    SELECT id FROM vendors
    WHERE id = removing::uuid AND deleted_at IS NOT NULL AND retained_until IS NOT NULL
  );
END;
$$;
--> statement-breakpoint
CREATE FUNCTION retention_removal_allows(row_vendor uuid) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RETURN row_vendor IS NOT NULL AND row_vendor = retention_removal_removing();
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION documents_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF retention_removal_allows(OLD.vendor_id) THEN
      RETURN OLD;
    END IF;
  END IF;
  IF TG_OP = 'UPDATE'
     AND OLD.pdf IS NULL AND OLD.sha256 IS NULL
     AND NEW.pdf IS NOT NULL AND NEW.sha256 IS NOT NULL
     AND (to_jsonb(NEW) - 'pdf' - 'sha256') = (to_jsonb(OLD) - 'pdf' - 'sha256') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'Ausgestellte Belege sind unveränderlich (% auf documents abgelehnt)', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION open_items_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF retention_removal_allows(OLD.vendor_id) THEN
      RETURN OLD;
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF OLD.paid_at IS NULL AND OLD.offset_in_month IS NULL THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'Ein bezahlter oder verrechneter offener Posten bleibt (DELETE auf open_items abgelehnt)'
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF (to_jsonb(NEW) - 'paid_at' - 'paid_by' - 'offset_in_month')
     IS DISTINCT FROM (to_jsonb(OLD) - 'paid_at' - 'paid_by' - 'offset_in_month') THEN
    RAISE EXCEPTION 'Betrag, Monat und Fälligkeit eines offenen Postens sind unveränderlich (UPDATE auf open_items abgelehnt)'
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.paid_at IS NOT NULL
     AND (NEW.paid_at IS DISTINCT FROM OLD.paid_at OR NEW.paid_by IS DISTINCT FROM OLD.paid_by) THEN
    RAISE EXCEPTION 'Dieser offene Posten ist schon als bezahlt markiert (UPDATE auf open_items abgelehnt)'
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.paid_at IS NULL AND NEW.paid_at IS NULL AND NEW.paid_by IS DISTINCT FROM OLD.paid_by THEN
    RAISE EXCEPTION 'Bezahlt von ohne Zeitpunkt (UPDATE auf open_items abgelehnt)'
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.offset_in_month IS NOT NULL AND NEW.offset_in_month IS DISTINCT FROM OLD.offset_in_month THEN
    RAISE EXCEPTION 'Dieser offene Posten ist schon mit % verrechnet (UPDATE auf open_items abgelehnt)', OLD.offset_in_month
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.paid_at IS NOT NULL AND NEW.offset_in_month IS NOT NULL THEN
    RAISE EXCEPTION 'Ein offener Posten ist entweder bezahlt oder verrechnet, nie beides (UPDATE auf open_items abgelehnt)'
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION settlement_items_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF retention_removal_allows(OLD.vendor_id) THEN
      RETURN OLD;
    END IF;
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.status = 'draft' AND NEW.documents = '[]'::jsonb AND NEW.finalized_at IS NULL THEN
      RETURN NEW;
    END IF;
    RAISE EXCEPTION 'Eine Abrechnung beginnt als Entwurf ohne Belege (INSERT auf settlement_items abgelehnt)'
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF OLD.status = 'draft' THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'Eine abgeschlossene Abrechnung bleibt (DELETE auf settlement_items abgelehnt)'
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.month = OLD.month AND NEW.vendor_id = OLD.vendor_id THEN
    IF OLD.status = 'draft' AND NEW.status = 'draft' THEN
      IF NEW.documents = '[]'::jsonb AND NEW.finalized_at IS NULL THEN
        RETURN NEW;
      END IF;
    ELSIF OLD.status = 'draft' AND NEW.status = 'final' THEN
      IF NEW.figures = OLD.figures AND NEW.blockers = OLD.blockers
         AND NEW.computed_at = OLD.computed_at AND NEW.finalized_at IS NOT NULL THEN
        RETURN NEW;
      END IF;
    ELSIF OLD.status = 'final' AND NEW.status = 'draft' THEN
      IF NEW.documents = '[]'::jsonb AND NEW.finalized_at IS NULL AND NEW.figures = OLD.figures
         AND NEW.blockers = OLD.blockers AND NEW.computed_at = OLD.computed_at THEN
        RETURN NEW;
      END IF;
    END IF;
  END IF;
  RAISE EXCEPTION 'Eine abgeschlossene Abrechnung ist unveränderlich: nur Entwurf → neu berechnet, Entwurf → abgeschlossen, abgeschlossen → Entwurf durch ein Storno (UPDATE auf settlement_items abgelehnt)'
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION settlement_manual_lines_transition() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  line_month text;
  line_vendor uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF retention_removal_allows(OLD.vendor_id) THEN
      RETURN OLD;
    END IF;
  END IF;
  IF TG_OP = 'INSERT' THEN
    line_month := NEW.month;
    line_vendor := NEW.vendor_id;
  ELSE
    line_month := OLD.month;
    line_vendor := OLD.vendor_id;
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW.month <> OLD.month OR NEW.vendor_id <> OLD.vendor_id) THEN
    RAISE EXCEPTION 'Eine manuelle Position wechselt nie Monat oder Direktvermarkter (UPDATE auf settlement_manual_lines abgelehnt)'
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF EXISTS (
    SELECT 1 FROM settlement_items
    WHERE month = line_month AND vendor_id = line_vendor AND status = 'final'
  ) THEN
    RAISE EXCEPTION 'Die Abrechnung dieses Direktvermarkters ist abgeschlossen: ihre manuellen Positionen sind unveränderlich (% auf settlement_manual_lines abgelehnt)', TG_OP
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payouts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  marks text[] := ARRAY['run_id', 'paid_at', 'paid_by', 'returned_at', 'returned_reason', 'returned_by'];
  run_downloaded timestamptz;
  run_discarded timestamptz;
  run_transferred timestamptz;
  run_found boolean;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF retention_removal_allows(OLD.vendor_id) THEN
      RETURN OLD;
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF OLD.paid_at IS NULL AND OLD.run_id IS NULL AND OLD.returned_at IS NULL THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'Eine bezahlte oder einem Zahlungslauf zugeordnete Auszahlung wird nie gelöscht'
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF (to_jsonb(NEW) - marks) <> (to_jsonb(OLD) - marks) THEN
    RAISE EXCEPTION 'Betrag, Empfänger und Abrechnung einer Auszahlung ändern sich nie'
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF (NEW.paid_at, NEW.paid_by) IS DISTINCT FROM (OLD.paid_at, OLD.paid_by)
     AND (OLD.paid_at IS NOT NULL OR OLD.paid_by IS NOT NULL
          OR NEW.paid_at IS NULL OR NEW.paid_by IS NULL) THEN
    RAISE EXCEPTION 'Eine Auszahlung wird genau einmal als bezahlt markiert'
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF (NEW.returned_at, NEW.returned_reason, NEW.returned_by)
       IS DISTINCT FROM (OLD.returned_at, OLD.returned_reason, OLD.returned_by)
     AND (OLD.returned_at IS NOT NULL OR OLD.returned_reason IS NOT NULL OR OLD.returned_by IS NOT NULL
          OR NEW.returned_at IS NULL OR NEW.returned_reason IS NULL OR NEW.returned_by IS NULL
          OR OLD.paid_at IS NULL) THEN
    RAISE EXCEPTION 'Zurückgebucht wird eine Auszahlung genau einmal, und erst nachdem sie bezahlt ist'
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.run_id IS DISTINCT FROM OLD.run_id THEN
    IF OLD.paid_at IS NOT NULL OR OLD.returned_at IS NOT NULL
       OR (OLD.run_id IS NOT NULL AND NEW.run_id IS NOT NULL) THEN
      RAISE EXCEPTION 'Eine bezahlte Auszahlung oder eine in einem Zahlungslauf wechselt den Zahlungslauf nie'
        USING ERRCODE = 'restrict_violation';
    END IF;
    SELECT true, downloaded_at, discarded_at, transferred_at
      INTO run_found, run_downloaded, run_discarded, run_transferred
      FROM payment_runs WHERE id = COALESCE(NEW.run_id, OLD.run_id);
    IF NEW.run_id IS NOT NULL
       AND (run_downloaded IS NOT NULL OR run_discarded IS NOT NULL OR run_transferred IS NOT NULL) THEN
      RAISE EXCEPTION 'Ein heruntergeladener, verworfener oder überwiesener Zahlungslauf nimmt keine Auszahlung mehr auf'
        USING ERRCODE = 'restrict_violation';
    END IF;
    IF NEW.run_id IS NULL
       AND (run_found IS NOT TRUE OR run_discarded IS NULL OR run_downloaded IS NOT NULL) THEN
      RAISE EXCEPTION 'Eine Auszahlung verlässt ihren Zahlungslauf nur, wenn er nie heruntergeladen und verworfen wurde'
        USING ERRCODE = 'restrict_violation';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_line_vat_clarifications_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF retention_removal_allows(OLD.vendor_id) THEN
      RETURN OLD;
    END IF;
  END IF;
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
CREATE FUNCTION sales_lines_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF retention_removal_allows(OLD.vendor_id) THEN
      RETURN OLD;
    END IF;
    -- a till line without a producer of its own: only the one the shop assigned to it
    IF OLD.vendor_id IS NULL AND EXISTS (
      SELECT 1 FROM sales_line_assignments a
      WHERE a.sales_line_id = OLD.id AND a.vendor_id = retention_removal_removing()
    ) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'Die Zeilen von % sind unveränderlich (% abgelehnt)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
DROP TRIGGER sales_lines_immutable ON sales_lines;
--> statement-breakpoint
CREATE TRIGGER sales_lines_immutable BEFORE UPDATE OR DELETE ON sales_lines
  FOR EACH ROW EXECUTE FUNCTION sales_lines_refuse_change();
