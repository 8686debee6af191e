ALTER TABLE "vendors" ADD COLUMN "public_email" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "profile_visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "tax_status" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "steuernummer" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "ust_id_nr" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "kontoinhaber" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "bank_changed_at" timestamp with time zone;--> statement-breakpoint
-- the public e-mail was the account address until now: keep what the profiles showed
UPDATE "vendors" SET "public_email" = "email";
