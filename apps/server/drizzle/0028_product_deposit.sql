ALTER TABLE "products" ADD COLUMN "deposit_ean" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "deposit_cents" integer;--> statement-breakpoint
CREATE INDEX "products_deposit_ean_idx" ON "products" USING btree ("deposit_ean");