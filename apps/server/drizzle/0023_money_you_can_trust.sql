CREATE TABLE "payment_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"month" text NOT NULL,
	"message_id" text NOT NULL,
	"execution_date" date NOT NULL,
	"count" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"xml" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"downloaded_at" timestamp with time zone,
	"discarded_at" timestamp with time zone,
	"discarded_by" text,
	"transferred_on" date,
	"transferred_at" timestamp with time zone,
	"transferred_by" text,
	CONSTRAINT "payment_runs_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_month_vendor_id_pk";--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "total_gross_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "open_items" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "settlement_manual_lines" ALTER COLUMN "gross_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "settlement_manual_lines" ALTER COLUMN "vat_rate_bp" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "datev_aufwandskonto_erstattung" integer DEFAULT 4900 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "besteuerung" text DEFAULT 'soll' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "abrechnung_ab" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "payee_name" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "payee_iban" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "run_id" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "returned_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "returned_by" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "replaces_payout_id" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_manual_lines" ADD COLUMN "kind" text DEFAULT 'charge' NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_runs_month_idx" ON "payment_runs" USING btree ("month");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_run_id_payment_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payment_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_month_idx" ON "payouts" USING btree ("month","vendor_id");--> statement-breakpoint
CREATE INDEX "payouts_run_idx" ON "payouts" USING btree ("run_id");--> statement-breakpoint
-- manual lines had one sign (> 0 in favour of the producer); a charge now counts > 0 for what the producer pays
UPDATE "settlement_manual_lines" SET "gross_cents" = -"gross_cents";
