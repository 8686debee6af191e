-- The directory's search (docs/decisions/0060): trigrams of search_text answer
-- `like '%word%'`. pg_trgm ships with PostgreSQL's contrib (postgres images, Debian's
-- postgresql-contrib) and is a trusted extension: the database's owner may create it. The
-- embedded database loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "vendors_public_name_idx";--> statement-breakpoint
DROP INDEX "vendors_public_company_idx";--> statement-breakpoint
DROP INDEX "vendors_public_created_idx";--> statement-breakpoint
CREATE INDEX "vendors_listed_name_idx" ON "vendors" USING btree ("name_key","id") WHERE "vendors"."is_public" and "vendors"."profile_visible";--> statement-breakpoint
CREATE INDEX "vendors_listed_company_idx" ON "vendors" USING btree ("company_key","name_key","id") WHERE "vendors"."is_public" and "vendors"."profile_visible";--> statement-breakpoint
CREATE INDEX "vendors_listed_created_idx" ON "vendors" USING btree ("created_at","id") WHERE "vendors"."is_public" and "vendors"."profile_visible";--> statement-breakpoint
CREATE INDEX "vendors_search_trgm_idx" ON "vendors" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);