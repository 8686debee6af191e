CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"month" text NOT NULL,
	"vendor_id" uuid NOT NULL,
	"issued_on" date NOT NULL,
	"total_gross_cents" integer NOT NULL,
	"refers_to_id" uuid,
	"reason" text,
	"content" jsonb NOT NULL,
	"parties" jsonb NOT NULL,
	"pdf" "bytea",
	"sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_refers_to_id_documents_id_fk" FOREIGN KEY ("refers_to_id") REFERENCES "public"."documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_vendor_idx" ON "documents" USING btree ("vendor_id","month");--> statement-breakpoint
CREATE INDEX "documents_issued_idx" ON "documents" USING btree ("issued_on");--> statement-breakpoint
CREATE INDEX "documents_refers_idx" ON "documents" USING btree ("refers_to_id");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_one_storno_idx" ON "documents" USING btree ("refers_to_id") WHERE "documents"."type" = 'storno';