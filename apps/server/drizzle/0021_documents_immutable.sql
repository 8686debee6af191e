-- Issued documents and sales lines never change and are never deleted (docs/decisions/0034).
-- documents: the one update allowed stores the PDF and its SHA-256 once (both null before,
-- both set after, every other column unchanged). The sales lines are the sales module's table;
-- their trigger lives here because the documents rest on them.
CREATE FUNCTION documents_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
CREATE TRIGGER documents_immutable BEFORE UPDATE OR DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION documents_refuse_change();
--> statement-breakpoint
CREATE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Die Zeilen von % sind unveränderlich (% abgelehnt)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER documents_no_truncate BEFORE TRUNCATE ON documents
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER sales_lines_immutable BEFORE UPDATE OR DELETE ON sales_lines
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER sales_lines_no_truncate BEFORE TRUNCATE ON sales_lines
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
