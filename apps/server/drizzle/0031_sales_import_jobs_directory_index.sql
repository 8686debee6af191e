CREATE TABLE "sales_import_job_errors" (
	"job_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"message" text NOT NULL,
	CONSTRAINT "sales_import_job_errors_job_id_line_pk" PRIMARY KEY("job_id","line")
);
--> statement-breakpoint
CREATE TABLE "sales_import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sha256" text NOT NULL,
	"csv" text NOT NULL,
	"encoding" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"lines_total" integer NOT NULL,
	"lines_done" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"unassigned" integer DEFAULT 0 NOT NULL,
	"clarify" integer DEFAULT 0 NOT NULL,
	"late_count" integer DEFAULT 0 NOT NULL,
	"late_month" text,
	"message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lock_token" text,
	"locked_until" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sales_import_job_errors" ADD CONSTRAINT "sales_import_job_errors_job_id_sales_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."sales_import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_import_jobs_open_file_idx" ON "sales_import_jobs" USING btree ("sha256") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "sales_import_jobs_status_idx" ON "sales_import_jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "contracts_listable_vendor_idx" ON "contracts" USING btree ("vendor_id","start_date") WHERE status in ('scheduled', 'active');