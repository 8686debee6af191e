CREATE TABLE "geocode_cache" (
	"address_key" text PRIMARY KEY NOT NULL,
	"found" boolean NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "image_variants" (
	"image_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "image_variants_image_id_width_pk" PRIMARY KEY("image_id","width")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "geocode_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "next_geocode_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "name_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "company_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "profile_image_id" uuid;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "banner_image_id" uuid;--> statement-breakpoint
ALTER TABLE "image_variants" ADD CONSTRAINT "image_variants_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_vendor_idx" ON "images" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "vendors_public_name_idx" ON "vendors" USING btree ("is_public","name_key");--> statement-breakpoint
CREATE INDEX "vendors_public_company_idx" ON "vendors" USING btree ("is_public","company_key");--> statement-breakpoint
CREATE INDEX "vendors_public_created_idx" ON "vendors" USING btree ("is_public","created_at");--> statement-breakpoint
CREATE INDEX "vendors_geocode_idx" ON "vendors" USING btree ("geocode_status","next_geocode_at");