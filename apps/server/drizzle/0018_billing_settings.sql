CREATE TABLE "billing_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"steuernummer" text,
	"ust_id_nr" text,
	"iban" text,
	"bic" text,
	"kontoinhaber" text,
	"zahlungsziel_tage" integer DEFAULT 14 NOT NULL,
	"datev_beraternummer" integer,
	"datev_mandantennummer" integer,
	"datev_sachkontenlaenge" integer DEFAULT 4 NOT NULL,
	"datev_erloeskonto_miete" integer DEFAULT 8400 NOT NULL,
	"datev_erloeskonto_provision" integer DEFAULT 8519 NOT NULL,
	"datev_debitorenkonto_start" integer DEFAULT 10000 NOT NULL,
	"datev_verrechnungskonto" integer DEFAULT 1590 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_settings_one_row" CHECK ("billing_settings"."id" = 1)
);
