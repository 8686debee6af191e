CREATE TABLE "stock_balances" (
	"product_id" uuid NOT NULL,
	"place" text NOT NULL,
	"stock_thousandths" bigint DEFAULT 0 NOT NULL,
	"last_count_at" timestamp with time zone,
	"last_delivery_at" timestamp with time zone,
	CONSTRAINT "stock_balances_product_id_place_pk" PRIMARY KEY("product_id","place")
);
--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- the balances of the movements recorded so far (docs/decisions/0081): the last count's level
-- plus every other change after it, and the latest delivery per product and place
INSERT INTO "stock_balances" ("product_id", "place", "stock_thousandths", "last_count_at", "last_delivery_at")
SELECT k.product_id, k.place,
  coalesce(lc.quantity_thousandths, 0) + coalesce((
    SELECT sum(m.quantity_thousandths) FROM "stock_movements" m
    WHERE m.product_id = k.product_id AND m.place = k.place AND m.kind <> 'count'
      AND (lc.occurred_at IS NULL OR m.occurred_at > lc.occurred_at)), 0),
  lc.occurred_at,
  (SELECT max(d.occurred_at) FROM "stock_movements" d
    WHERE d.product_id = k.product_id AND d.place = k.place AND d.kind = 'delivery')
FROM (SELECT DISTINCT product_id, place FROM "stock_movements") k
LEFT JOIN LATERAL (
  SELECT c.occurred_at, c.quantity_thousandths FROM "stock_movements" c
  WHERE c.product_id = k.product_id AND c.place = k.place AND c.kind = 'count'
  ORDER BY c.occurred_at DESC, c.recorded_at DESC, c.id DESC LIMIT 1
) lc ON true;
