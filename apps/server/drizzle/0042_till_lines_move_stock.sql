ALTER TABLE "stock_balances" ADD COLUMN "first_change_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales_line_assignments" ADD COLUMN "moves_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_lines" ADD COLUMN "moves_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- the till's sales lines are its stock movements (docs/decisions/0090): a line that moved stock
-- so far (its movement has the line's id) is marked, and its movement row goes; the lines are
-- otherwise never changed: the guard stands aside for this one new column only
ALTER TABLE "sales_lines" DISABLE TRIGGER "sales_lines_immutable";--> statement-breakpoint
UPDATE "sales_lines" l SET "moves_stock" = true
FROM "stock_movements" m
WHERE m.id = l.id AND m.kind IN ('sale', 'return') AND m.product_id = l.product_id;--> statement-breakpoint
ALTER TABLE "sales_lines" ENABLE TRIGGER "sales_lines_immutable";--> statement-breakpoint
UPDATE "sales_line_assignments" a SET "moves_stock" = true
FROM "stock_movements" m
WHERE m.id = a.sales_line_id AND m.kind IN ('sale', 'return') AND m.product_id = a.product_id;--> statement-breakpoint
CREATE INDEX "sales_line_assignments_stock_idx" ON "sales_line_assignments" USING btree ("product_id") WHERE moves_stock;--> statement-breakpoint
DELETE FROM "stock_movements" WHERE kind IN ('sale', 'return');--> statement-breakpoint
-- the sales module's lines as changes of the shelf stock (a sale lowers it, a return raises it),
-- read by the products module; a reader names the producer (vendor_id) so that PostgreSQL takes
-- the index sales_lines (vendor_id, sold_at)
CREATE VIEW "till_stock_changes" AS
SELECT l.id, l.product_id, l.vendor_id, -l.quantity_thousandths AS quantity_thousandths,
  l.sold_at AS occurred_at, l.imported_at AS recorded_at
FROM "sales_lines" l
WHERE l.moves_stock
UNION ALL
SELECT l.id, a.product_id, a.vendor_id, -l.quantity_thousandths, l.sold_at, a.assigned_at
FROM "sales_line_assignments" a
JOIN "sales_lines" l ON l.id = a.sales_line_id
WHERE a.moves_stock;--> statement-breakpoint
-- every change of a product's stock: the recorded movements and the till's lines, as one relation
-- of stock_movements' shape
CREATE VIEW "stock_changes" AS
SELECT id, product_id, vendor_id, place, kind, quantity_thousandths, occurred_at, recorded_at,
  recorded_by_kind, recorded_by_name, note, confirmed_at, confirmed_by
FROM "stock_movements"
UNION ALL
SELECT id, product_id, vendor_id, 'shelf', CASE WHEN quantity_thousandths > 0 THEN 'return' ELSE 'sale' END,
  quantity_thousandths, occurred_at, recorded_at, 'till', 'Kasse', NULL, NULL, NULL
FROM "till_stock_changes";--> statement-breakpoint
-- where a first count's expected stock starts: the earliest change other than a count
UPDATE "stock_balances" b SET "first_change_at" = (
  SELECT min(m.occurred_at) FROM "stock_changes" m
  WHERE m.product_id = b.product_id AND m.place = b.place AND m.kind <> 'count');
