CREATE TABLE "contract_notices" (
	"contract_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_notices_contract_id_kind_pk" PRIMARY KEY("contract_id","kind")
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" text NOT NULL,
	"day" date NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"result" jsonb NOT NULL,
	CONSTRAINT "job_runs_name_day_pk" PRIMARY KEY("name","day")
);
--> statement-breakpoint
ALTER TABLE "contract_notices" ADD CONSTRAINT "contract_notices_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;