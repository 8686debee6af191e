CREATE TABLE "datev_debitors" (
	"vendor_id" uuid PRIMARY KEY NOT NULL,
	"account" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "datev_debitors_account_unique" UNIQUE("account")
);
--> statement-breakpoint
ALTER TABLE "datev_debitors" ADD CONSTRAINT "datev_debitors_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;