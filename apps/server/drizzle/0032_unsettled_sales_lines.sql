CREATE TABLE "unsettled_sales_lines" (
	"sales_line_id" uuid PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unsettled_sales_lines" ADD CONSTRAINT "unsettled_sales_lines_sales_line_id_sales_lines_id_fk" FOREIGN KEY ("sales_line_id") REFERENCES "public"."sales_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The sales lines no final settlement counts (docs/decisions/0056): kept by these triggers, so
-- every way a line comes in (till, CSV, tests) or is settled or released is covered.
CREATE FUNCTION sales_lines_enter_unsettled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO unsettled_sales_lines (sales_line_id) SELECT id FROM new_lines;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sales_lines_unsettled AFTER INSERT ON sales_lines
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION sales_lines_enter_unsettled();
--> statement-breakpoint
CREATE FUNCTION settled_sales_lines_leave_unsettled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM unsettled_sales_lines u USING settled s WHERE u.sales_line_id = s.sales_line_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER settled_sales_lines_settled AFTER INSERT ON settled_sales_lines
  REFERENCING NEW TABLE AS settled
  FOR EACH STATEMENT EXECUTE FUNCTION settled_sales_lines_leave_unsettled();
--> statement-breakpoint
CREATE FUNCTION settled_sales_lines_back_to_unsettled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO unsettled_sales_lines (sales_line_id) SELECT sales_line_id FROM released
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER settled_sales_lines_released AFTER DELETE ON settled_sales_lines
  REFERENCING OLD TABLE AS released
  FOR EACH STATEMENT EXECUTE FUNCTION settled_sales_lines_back_to_unsettled();
--> statement-breakpoint
INSERT INTO unsettled_sales_lines (sales_line_id)
  SELECT id FROM sales_lines l
  WHERE NOT EXISTS (SELECT 1 FROM settled_sales_lines s WHERE s.sales_line_id = l.id);
