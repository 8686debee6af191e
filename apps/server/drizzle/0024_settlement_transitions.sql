-- The settlement's rows allow only the transitions the settlement needs (docs/decisions/0038).
-- Refused changes raise SQLSTATE 23001 (restrict_violation) with a German text, like the
-- documents' trigger (0021).
--
-- open_items: the paid mark (paid_at with paid_by) is set once, the month that offsets it
-- (offset_in_month) is set once and never changed to another month, an item is never both paid
-- and offset; every other column never changes; deleted only while neither paid nor offset.
CREATE FUNCTION open_items_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
CREATE TRIGGER open_items_transitions BEFORE UPDATE OR DELETE ON open_items
  FOR EACH ROW EXECUTE FUNCTION open_items_transition();
--> statement-breakpoint
CREATE TRIGGER open_items_no_truncate BEFORE TRUNCATE ON open_items
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
-- settlement_items: inserted as a draft without documents; a draft is recomputed (figures,
-- blockers, computed_at; still no documents) or finalized (status final, its documents and
-- finalized_at; figures and blockers as they were); a final item changes only back to a draft by
-- a cancellation (status draft, documents '[]', finalized_at null; figures, blockers, computed_at
-- as they were). Month and producer never change; only drafts are deleted.
CREATE FUNCTION settlement_items_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
CREATE TRIGGER settlement_items_transitions BEFORE INSERT OR UPDATE OR DELETE ON settlement_items
  FOR EACH ROW EXECUTE FUNCTION settlement_items_transition();
--> statement-breakpoint
CREATE TRIGGER settlement_items_no_truncate BEFORE TRUNCATE ON settlement_items
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
-- settlement_manual_lines: no line is added to, changed in or deleted from a producer's month
-- that is final for it; a line never moves to another month or producer.
CREATE FUNCTION settlement_manual_lines_transition() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  line_month text;
  line_vendor uuid;
BEGIN
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
CREATE TRIGGER settlement_manual_lines_transitions BEFORE INSERT OR UPDATE OR DELETE ON settlement_manual_lines
  FOR EACH ROW EXECUTE FUNCTION settlement_manual_lines_transition();
--> statement-breakpoint
CREATE TRIGGER settlement_manual_lines_no_truncate BEFORE TRUNCATE ON settlement_manual_lines
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
