-- Payouts and payment runs change only as the settlement changes them (issue 30, item 20;
-- docs/decisions/0039). Custom SQL: drizzle-kit does not write triggers.
--
-- payouts: amount, producer, month, statement, payee and the payout it replaces never change.
--   run_id: set from null while unpaid and not returned, into a run neither downloaded, discarded
--     nor transferred; back to null only once that run is discarded (it was never downloaded);
--     never moved from one run to another.
--   paid_at/paid_by: set once, together.
--   returned_at/returned_reason/returned_by: set once, together, only after the payout was paid.
--   delete: only while unpaid, in no run and not returned.
-- payment_runs: month, message id, execution date, count, total, file and creation never change;
--   downloaded_at set once (not on a discarded run); discarded_at/by set once, only while never
--   downloaded and not transferred; transferred_on/at/by set once, together, not on a discarded
--   run; never deleted.
CREATE FUNCTION payouts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  marks text[] := ARRAY['run_id', 'paid_at', 'paid_by', 'returned_at', 'returned_reason', 'returned_by'];
  run_downloaded timestamptz;
  run_discarded timestamptz;
  run_transferred timestamptz;
  run_found boolean;
BEGIN
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
CREATE TRIGGER payouts_guarded BEFORE UPDATE OR DELETE ON payouts
  FOR EACH ROW EXECUTE FUNCTION payouts_guard();
--> statement-breakpoint
CREATE TRIGGER payouts_no_truncate BEFORE TRUNCATE ON payouts
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE FUNCTION payment_runs_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  marks text[] := ARRAY['downloaded_at', 'discarded_at', 'discarded_by', 'transferred_on',
                        'transferred_at', 'transferred_by'];
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'Zahlungsläufe werden nie gelöscht' USING ERRCODE = 'restrict_violation';
  END IF;
  IF (to_jsonb(NEW) - marks) <> (to_jsonb(OLD) - marks) THEN
    RAISE EXCEPTION 'Datei, Nachrichten-ID, Ausführungsdatum, Anzahl und Summe eines Zahlungslaufs ändern sich nie'
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.downloaded_at IS DISTINCT FROM OLD.downloaded_at
     AND (OLD.downloaded_at IS NOT NULL OR OLD.discarded_at IS NOT NULL) THEN
    RAISE EXCEPTION 'Ein Zahlungslauf wird einmal zum ersten Mal heruntergeladen, und nie nach dem Verwerfen'
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF (NEW.discarded_at, NEW.discarded_by) IS DISTINCT FROM (OLD.discarded_at, OLD.discarded_by)
     AND (OLD.discarded_at IS NOT NULL OR OLD.discarded_by IS NOT NULL
          OR NEW.discarded_at IS NULL OR NEW.discarded_by IS NULL
          OR NEW.downloaded_at IS NOT NULL OR OLD.transferred_at IS NOT NULL) THEN
    RAISE EXCEPTION 'Verworfen wird ein Zahlungslauf einmal, und nur solange seine Datei nie heruntergeladen wurde'
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF (NEW.transferred_on, NEW.transferred_at, NEW.transferred_by)
       IS DISTINCT FROM (OLD.transferred_on, OLD.transferred_at, OLD.transferred_by)
     AND (OLD.transferred_on IS NOT NULL OR OLD.transferred_at IS NOT NULL OR OLD.transferred_by IS NOT NULL
          OR NEW.transferred_on IS NULL OR NEW.transferred_at IS NULL OR NEW.transferred_by IS NULL
          OR NEW.discarded_at IS NOT NULL) THEN
    RAISE EXCEPTION 'Als überwiesen wird ein Zahlungslauf einmal markiert, und nie ein verworfener'
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_runs_guarded BEFORE UPDATE OR DELETE ON payment_runs
  FOR EACH ROW EXECUTE FUNCTION payment_runs_guard();
--> statement-breakpoint
CREATE TRIGGER payment_runs_no_truncate BEFORE TRUNCATE ON payment_runs
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
